import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

// A real SMTP server that can be made to refuse every mail (451, a relay in trouble), to test the queue's
// retries without waiting for the network to time out. Tests that need no failure use auth/support.ts startSmtp.

export type FlakySmtp = {
  smtpUrl: string;
  /** Raw messages accepted, in order. */
  raws: string[];
  /** While true every RCPT TO is refused with a temporary error. */
  setDown: (isDown: boolean) => void;
  close: () => Promise<void>;
};

export async function startFlakySmtp(): Promise<FlakySmtp> {
  let isDown = false;
  const raws: string[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (!isDown) return callback();
      const error = Object.assign(new Error('Service temporairement indisponible'), { responseCode: 451 });
      return callback(error);
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        raws.push(Buffer.concat(chunks).toString('utf8'));
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    raws,
    setDown: (value) => {
      isDown = value;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
