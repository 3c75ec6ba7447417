/**
 * The reference server sends no real mail: each message is appended as one JSON line
 * `{to, subject, text, link}` to `$DATA_DIR/outbox.jsonl` and logged.
 */
import { appendFile, mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';

interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  link: string;
}

export interface Outbox {
  send(message: OutboxMessage): Promise<void>;
}

export function fileOutbox(path: string, log: (line: string) => void): Outbox {
  return {
    async send(message) {
      await mkdir(dirname(path), { recursive: true });
      await appendFile(path, `${JSON.stringify(message)}\n`, 'utf8');
      log(`mail to ${message.to}: ${message.subject} ${message.link}`);
    },
  };
}
