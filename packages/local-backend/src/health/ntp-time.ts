import { createSocket } from 'node:dgram';
import { healthErrors } from './health-errors.ts';

const NTP_HOST = 'time.google.com';
const NTP_PORT = 123;
const TIMEOUT_MS = 5_000;
/** Seconds from 1900-01-01 (NTP's epoch) to 1970-01-01. */
const NTP_EPOCH_OFFSET = 2_208_988_800;
/** Appwrite refuses a clock more than a minute off. */
const MAX_GAP_SECONDS = 60;

/** Appwrite's HealthTime model: the NTP server's time, this server's, and the difference in seconds. */
export interface HealthTime {
  remoteTime: number;
  localTime: number;
  diff: number;
}

/** Asks Appwrite's time server (SNTP over UDP) and compares it with this server's clock. */
export function checkTime(): Promise<HealthTime> {
  return new Promise((resolve, reject) => {
    const socket = createSocket('udp4');
    const timer = setTimeout(() => finish(new Error('Failed to receive NTP response: timed out')), TIMEOUT_MS);
    const finish = (error: Error | undefined, time?: HealthTime) => {
      clearTimeout(timer);
      socket.close();
      if (error) reject(healthErrors.serverError(error.message));
      else resolve(time as HealthTime);
    };
    socket.once('error', (error) => finish(new Error(`Failed to connect to time server: ${error.message}`)));
    socket.once('message', (message) => {
      if (message.length !== 48) {
        finish(new Error(`Invalid NTP response: received ${message.length} bytes instead of 48`));
        return;
      }
      const remoteTime = message.readUInt32BE(40) - NTP_EPOCH_OFFSET;
      const localTime = Math.floor(Date.now() / 1000);
      const diff = remoteTime - localTime;
      if (Math.abs(diff) > MAX_GAP_SECONDS) finish(new Error('Server time gaps detected'));
      else finish(undefined, { remoteTime, localTime, diff });
    });
    // Version 1 client request: the first byte is LI 0, VN 1, mode 0 (0x08), as Appwrite sends it.
    const request = Buffer.alloc(48);
    request[0] = 0x08;
    socket.send(request, NTP_PORT, NTP_HOST, (error) => {
      if (error) finish(new Error(`Failed to send NTP request: ${error.message}`));
    });
  });
}
