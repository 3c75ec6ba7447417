/**
 * Uploading offers from a CSV file (`POST /api/v1/offers/upload/`). A chosen file is checked in
 * the browser first (`checkFile`, the server's and the grid's rules); a file with problems lists
 * them and is not sent. A clean file is sent (`sendFile`, which reports the bytes sent); the
 * server imports every row (emits `offers.uploaded`, lists reload), refuses the file with its own
 * problems, or answers that the same file was imported before, which the seller may confirm to
 * import it again. `upload.cancel` aborts whatever runs and forgets the file.
 * Invariants: a file is sent only after a check found nothing wrong with it; `problem` is set
 * exactly in `failed`; `problems` is empty unless the state is `invalid`.
 */
import { assign, emit, setup } from 'xstate';
import { notProvided, notProvidedSubscription } from '../shared/not-provided';
import type {
  CheckInput,
  OfferUploadContext,
  OfferUploadTypes,
  SendEvent,
  SendInput,
  UploadCheck,
  UploadOptions,
  UploadProblem,
} from './offer-upload.types';

export const CHECK_FAILED = 'The file could not be read. Choose it again.';

const START: OfferUploadContext = {
  file: null,
  options: null,
  rows: 0,
  problems: [],
  summary: null,
  sent: 0,
  total: 0,
  duplicate: null,
  allowDuplicate: false,
  uploaded: 0,
  problem: null,
};

/** What a new attempt with the same file starts from: only the file and its choices stay. */
const again = ({ file, options }: OfferUploadContext): OfferUploadContext => ({ ...START, file, options });

const withFile = ({ file, options }: OfferUploadContext) => {
  if (!file || !options) throw new Error('No file has been chosen');
  return { file, options };
};

const offerUpload = setup({
  types: {} as OfferUploadTypes,
  actors: {
    checkFile: notProvided<UploadCheck, CheckInput>('checkFile'),
    sendFile: notProvidedSubscription<SendEvent, SendInput>('sendFile'),
  },
  actions: {
    takeFile: assign((_, chosen: { file: File; options: UploadOptions }) => ({ ...START, ...chosen })),
    restart: assign(({ context }) => again(context)),
    forget: assign(() => START),
    keepCheck: assign((_, check: UploadCheck) => ({ rows: check.rows, problems: check.problems })),
    keepProgress: assign((_, progress: { sent: number; total: number }) => progress),
    keepRefusal: assign((_, refusal: { summary: string | null; problems: UploadProblem[] }) => refusal),
    keepDuplicate: assign((_, duplicate: { uploadedAt: string; count: number }) => ({ duplicate })),
    allowDuplicate: assign({ allowDuplicate: true, duplicate: null, sent: 0, total: 0 }),
    keepUploaded: assign((_, count: number) => ({ uploaded: count })),
    showProblem: assign((_, problem: string) => ({ problem })),
    announceUploaded: emit(({ context }) => ({ type: 'offers.uploaded' as const, count: context.uploaded })),
  },
  guards: {
    hasProblems: (_, check: UploadCheck) => check.problems.length > 0,
  },
});

/** Any state but a busy one takes a new file. */
const choose = {
  target: '#offerUpload.checking',
  actions: {
    type: 'takeFile',
    params: ({ event }: { event: { file: File; options: UploadOptions } }) => ({
      file: event.file,
      options: event.options,
    }),
  },
} as const;

export const offerUploadMachine = offerUpload.createMachine({
  id: 'offerUpload',
  context: START,
  initial: 'idle',
  on: { 'upload.cancel': { target: '.idle', actions: 'forget' } },
  states: {
    idle: { on: { 'upload.choose': choose } },
    checking: {
      tags: 'busy',
      invoke: {
        id: 'checkFile',
        src: 'checkFile',
        input: ({ context }) => withFile(context),
        onDone: [
          {
            guard: { type: 'hasProblems', params: ({ event }) => event.output },
            target: 'invalid',
            actions: { type: 'keepCheck', params: ({ event }) => event.output },
          },
          { target: 'sending', actions: { type: 'keepCheck', params: ({ event }) => event.output } },
        ],
        onError: { target: 'failed', actions: { type: 'showProblem', params: CHECK_FAILED } },
      },
    },
    invalid: { on: { 'upload.choose': choose } },
    sending: {
      tags: 'busy',
      invoke: {
        id: 'sendFile',
        src: 'sendFile',
        input: ({ context }) => ({ file: withFile(context).file, allowDuplicate: context.allowDuplicate }),
      },
      on: {
        'send.progress': { actions: { type: 'keepProgress', params: ({ event }) => event } },
        'send.done': { target: 'uploaded', actions: { type: 'keepUploaded', params: ({ event }) => event.count } },
        'send.refused': {
          target: 'invalid',
          actions: {
            type: 'keepRefusal',
            params: ({ event }) => ({ summary: event.summary, problems: event.problems }),
          },
        },
        'send.duplicate': {
          target: 'duplicate',
          actions: {
            type: 'keepDuplicate',
            params: ({ event }) => ({ uploadedAt: event.uploadedAt, count: event.count }),
          },
        },
        'send.failed': { target: 'failed', actions: { type: 'showProblem', params: ({ event }) => event.message } },
      },
    },
    duplicate: {
      on: {
        'upload.confirmDuplicate': { target: 'sending', actions: 'allowDuplicate' },
        'upload.choose': choose,
      },
    },
    uploaded: { entry: 'announceUploaded', on: { 'upload.choose': choose } },
    failed: {
      on: {
        'upload.choose': choose,
        'upload.retry': { target: 'checking', actions: 'restart' },
      },
    },
  },
});
