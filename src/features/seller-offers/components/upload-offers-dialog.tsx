import { getLocalTimeZone, today } from '@internationalized/date';
import type { UploadProblem } from '@machines/offer-upload/offer-upload.types';
import { useActorRef, useSelector } from '@xstate/react';
import { useContext, useEffect, useId, useState } from 'react';
import { ApiContext } from '@/core/api';
import { useOptions } from '@/core/domain/options';
import { download } from '@/core/lists/export-csv';
import { paths } from '@/core/paths';
import { formatDateTime } from '@/lib/dates';
import { announce } from '@/ui/announce';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FileDropZone } from '@/ui/file-drop-zone';
import { FOCUS_LANDING } from '@/ui/keep-focus';
import { Link } from '@/ui/link';
import { LoadProblem } from '@/ui/load-problem';
import { ProgressBar } from '@/ui/progress-bar';
import { problemsCsv, templateCsv } from '../offer-csv';
import { uploadLogic } from '../upload.implementations';
import './upload-offers.css';

/** Problems listed on screen; the downloaded list has them all. */
const SHOWN_PROBLEMS = 100;

const kilobytes = new Intl.NumberFormat('en-US', { style: 'unit', unit: 'kilobyte', maximumFractionDigits: 1 });
const formatSize = (bytes: number) => kilobytes.format(bytes / 1000);

const csvBlob = (text: string) => new Blob(['\uFEFF', text], { type: 'text/csv;charset=utf-8' });
const baseNameOf = (fileName: string) => fileName.replace(/\.csv$/i, '') || 'offers';

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** "12 offers uploaded. They are in the Unpublished tab." (the tab's words are its link). */
function uploadedSummary(count: number) {
  return count === 1
    ? { before: '1 offer uploaded. It is in the ', tab: 'Unpublished tab', after: '.' }
    : { before: `${plural(count, 'offer', 'offers')} uploaded. They are in the `, tab: 'Unpublished tab', after: '.' };
}

/**
 * "Upload offers" (issue: Upload and publish): the template, a drop zone and file picker, the
 * browser's check of the chosen file with its problems listed (row, column, message) and
 * downloadable, then the upload with its progress and its outcome. Mounted while open: closing
 * it stops the machine, which aborts an upload in flight.
 */
export function UploadOffersDialog({ onClose }: { onClose: () => void }) {
  const clients = useContext(ApiContext);
  if (!clients) throw new Error('The API clients need <Providers>');
  const [logic] = useState(() => uploadLogic(clients.refreshOnce));
  const upload = useActorRef(logic);
  const state = useSelector(upload, (s) => s.value);
  const isBusy = useSelector(upload, (s) => s.hasTag('busy'));
  const file = useSelector(upload, (s) => s.context.file);
  const { options, problem: optionsProblem, retry } = useOptions();

  useEffect(() => {
    const subscription = upload.on('offers.uploaded', ({ count }) => {
      const { before, tab, after } = uploadedSummary(count);
      announce(`${before}${tab}${after}`, 'polite');
    });
    return () => subscription.unsubscribe();
  }, [upload]);

  const downloadTemplate = () => {
    if (options) download(csvBlob(templateCsv(options, today(getLocalTimeZone()))), 'offers-template.csv');
  };

  return (
    <Dialog
      title="Upload offers"
      isOpen
      onOpenChange={(isOpen) => isOpen || onClose()}
      size="large"
      isDismissDisabled={isBusy}
      footer={
        // The picker leaves while a file is checked and sent, and each outcome replaces what was
        // pressed: focus lands on Cancel upload, then on the outcome (FOCUS_LANDING). Keyed, so
        // Cancel upload does not turn into Close under the user's focus.
        isBusy ? (
          <Button key="cancel" onPress={() => upload.send({ type: 'upload.cancel' })} {...FOCUS_LANDING}>
            Cancel upload
          </Button>
        ) : (
          <Button key="close" slot="close">
            Close
          </Button>
        )
      }
    >
      <div className="upload-offers">
        <div className="upload-offers__format">
          <p>
            A CSV file with the header <code>product,publisher,seller,region,type,hot,unit_price,start,end</code>:
            publisher, seller (one of your storefronts) and region (code or name) by name, type regular or promo, hot
            true or false, unit price like 12.50, start and end as ISO date-times (UTC unless a zone is given). Uploaded
            offers are unpublished until you publish them.
          </p>
          <Button onPress={downloadTemplate} isDisabled={!options}>
            Download template
          </Button>
        </div>
        {optionsProblem && <LoadProblem message={optionsProblem} onRetry={retry} />}
        {!isBusy && (
          <FileDropZone
            label="Drop a CSV file here"
            buttonLabel="Choose a CSV file…"
            acceptedFileTypes={['.csv', 'text/csv']}
            isDisabled={!options}
            description="or choose one; it is checked before anything is sent."
            onFile={(chosen) => options && upload.send({ type: 'upload.choose', file: chosen, options })}
          />
        )}
        {state === 'checking' && file && <p className="upload-offers__status">Checking {file.name}…</p>}
        {state === 'sending' && <UploadProgress upload={upload} />}
        {state === 'invalid' && <UploadProblems upload={upload} />}
        {state === 'duplicate' && <DuplicateQuestion upload={upload} />}
        {state === 'uploaded' && <UploadedSummary upload={upload} onClose={onClose} />}
        {state === 'failed' && <UploadFailure upload={upload} />}
      </div>
    </Dialog>
  );
}

type UploadRef = ReturnType<typeof useActorRef<ReturnType<typeof uploadLogic>>>;

/** Bytes of the request sent so far; then the wait while the server imports the rows. */
function UploadProgress({ upload }: { upload: UploadRef }) {
  const name = useSelector(upload, (s) => s.context.file?.name ?? '');
  const size = useSelector(upload, (s) => s.context.file?.size ?? 0);
  const sent = useSelector(upload, (s) => s.context.sent);
  const total = useSelector(upload, (s) => s.context.total) || size;
  return (
    <div className="upload-offers__progress">
      <ProgressBar
        label={`Uploading ${name}`}
        value={Math.min(sent, total)}
        maxValue={total}
        valueLabel={`${formatSize(Math.min(sent, total))} of ${formatSize(total)}`}
      />
      {sent > 0 && sent >= total && (
        <p className="upload-offers__status">Sent. Waiting for the server to import the offers…</p>
      )}
    </div>
  );
}

/** The check's or the server's problems: a table (row, column, message) and the whole list as CSV. */
function UploadProblems({ upload }: { upload: UploadRef }) {
  const titleId = useId();
  const name = useSelector(upload, (s) => s.context.file?.name ?? 'offers.csv');
  const problems = useSelector(upload, (s) => s.context.problems);
  const summary = useSelector(upload, (s) => s.context.summary);
  const shown = problems.slice(0, SHOWN_PROBLEMS);
  return (
    <section className="upload-offers__problems" aria-labelledby={titleId} tabIndex={-1} {...FOCUS_LANDING}>
      <div role="alert">
        <h3 id={titleId} className="upload-offers__problems-title">
          {name}: {plural(problems.length, 'problem', 'problems')} to fix. Nothing was uploaded.
        </h3>
        {summary && <p>{summary}</p>}
      </div>
      <div className="upload-offers__problems-actions">
        <Button onPress={() => download(csvBlob(problemsCsv(problems)), `${baseNameOf(name)}-errors.csv`)}>
          Download errors as CSV
        </Button>
        {shown.length < problems.length && (
          <span className="upload-offers__note">
            Showing the first {shown.length} of {problems.length}; the download has them all.
          </span>
        )}
      </div>
      <table className="upload-offers__table" aria-labelledby={titleId}>
        <caption className="upload-offers__caption">
          Rows are numbered by line in the file; line 1 is the header.
        </caption>
        <thead>
          <tr>
            <th scope="col">Row</th>
            <th scope="col">Column</th>
            <th scope="col">Message</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((problem: UploadProblem) => (
            // One message per cell, row or file problem: together they name the line.
            <tr key={`${problem.line}|${problem.column}|${problem.message}`}>
              <td>{problem.line ?? 'File'}</td>
              <td>{problem.column ?? '—'}</td>
              <td>{problem.message}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** A 409: the same file was imported before; importing it again is the seller's choice. */
function DuplicateQuestion({ upload }: { upload: UploadRef }) {
  const duplicate = useSelector(upload, (s) => s.context.duplicate);
  if (!duplicate) return null;
  return (
    <div className="upload-offers__question" tabIndex={-1} {...FOCUS_LANDING}>
      <p role="alert">
        This file was already uploaded on {formatDateTime(duplicate.uploadedAt)} (
        {plural(duplicate.count, 'offer', 'offers')}). Upload it again anyway?
      </p>
      <div className="upload-offers__question-actions">
        <Button onPress={() => upload.send({ type: 'upload.cancel' })}>Don’t upload</Button>
        <Button variant="primary" onPress={() => upload.send({ type: 'upload.confirmDuplicate' })}>
          Upload again
        </Button>
      </div>
    </div>
  );
}

function UploadedSummary({ upload, onClose }: { upload: UploadRef; onClose: () => void }) {
  const count = useSelector(upload, (s) => s.context.uploaded);
  const { before, tab, after } = uploadedSummary(count);
  return (
    <p className="upload-offers__done" tabIndex={-1} {...FOCUS_LANDING}>
      {before}
      <Link href={paths.manageOffersUnpublished} onPress={onClose}>
        {tab}
      </Link>
      {after}
    </p>
  );
}

function UploadFailure({ upload }: { upload: UploadRef }) {
  const problem = useSelector(upload, (s) => s.context.problem);
  return (
    <div className="upload-offers__failure" tabIndex={-1} {...FOCUS_LANDING}>
      <p role="alert">{problem}</p>
      <Button onPress={() => upload.send({ type: 'upload.retry' })}>Try again</Button>
    </div>
  );
}
