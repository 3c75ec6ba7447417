import type { components } from '@openapi/schema';

/** The choices a file's names are matched against (`GET /api/v1/options/`). */
export type UploadOptions = components['schemas']['Options'];

/**
 * One thing wrong with a file: its line in the file (line 1 is the header; null: the file as a
 * whole), its column (null: the whole row or file) and a sentence saying what to fix.
 */
export type UploadProblem = { line: number | null; column: string | null; message: string };

/** What the check in the browser found: the number of offers in the file, and its problems. */
export type UploadCheck = { rows: number; problems: UploadProblem[] };

export type CheckInput = { file: File; options: UploadOptions };
export type SendInput = { file: File; allowDuplicate: boolean };

/** What `sendFile` reports while the file travels and once the server has answered. */
export type SendEvent =
  /** Bytes of the request body sent so far, of `total`. */
  | { type: 'send.progress'; sent: number; total: number }
  /** 201: every row was imported. */
  | { type: 'send.done'; count: number }
  /** 400: the server's own list of what is wrong; nothing was imported. */
  | { type: 'send.refused'; summary: string | null; problems: UploadProblem[] }
  /** 409: the same file was imported before (`uploadedAt`, `count` offers); nothing was imported. */
  | { type: 'send.duplicate'; uploadedAt: string; count: number }
  /** Anything else; `message` is the text to show ('Upload failed: {status text}'). */
  | { type: 'send.failed'; message: string };

export type OfferUploadEvent =
  /** A file dropped on the zone or picked, with the choices its names are matched against. */
  | { type: 'upload.choose'; file: File; options: UploadOptions }
  /** After a 409: import the same file once more. */
  | { type: 'upload.confirmDuplicate' }
  /** Check and send the same file again after a failure. */
  | { type: 'upload.retry' }
  /** Cancel, or the dialog closing: an upload in flight is aborted and everything is forgotten. */
  | { type: 'upload.cancel' }
  | SendEvent;

export type OfferUploadContext = {
  /** The chosen file and the choices it was checked against; null before a choice. */
  file: File | null;
  options: UploadOptions | null;
  /** Offers in the file, once the check has read it. */
  rows: number;
  /** What the check or the server found wrong; the file is not sent (again) while there are any. */
  problems: UploadProblem[];
  /** The server's sentence about a refused file ("3 of 12 rows are invalid; nothing was imported."). */
  summary: string | null;
  /** Request body bytes sent, of `total` (0 of 0 until the first progress report). */
  sent: number;
  total: number;
  /** The same file's earlier import, after a 409. */
  duplicate: { uploadedAt: string; count: number } | null;
  /** Whether the send imports a file already imported (the seller confirmed it). */
  allowDuplicate: boolean;
  /** Offers the upload created. */
  uploaded: number;
  /** Why the check or the upload failed, as shown. */
  problem: string | null;
};

export type OfferUploadTypes = {
  context: OfferUploadContext;
  events: OfferUploadEvent;
  emitted: { type: 'offers.uploaded'; count: number };
  /** busy: the file is being read or sent; choosing another file waits. */
  tags: 'busy';
};
