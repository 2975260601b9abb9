import { connect, type PeerCertificate } from 'node:tls';
import { isIP } from 'node:net';
import { errors } from '../http/errors.ts';
import { healthErrors } from './health-errors.ts';

const CONNECT_TIMEOUT_MS = 30_000;
const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/i;

/** Appwrite's HealthCertificate model. */
export interface HealthCertificate {
  name: string;
  subjectSN: string;
  issuerOrganisation: string;
  validFrom: number;
  validTo: number;
  signatureTypeSN: string;
}

function invalidDomain(): never {
  throw errors.argumentInvalid('Invalid `domain` param: Value must be a valid public domain or URL');
}

/**
 * The `domain` param as Appwrite's validators take it: a URL (its host is used) or a bare domain name,
 * and in both cases a public one (no `localhost`, no IP address, no single label).
 */
export function certificateHost(domain: string): string {
  let host = domain.trim();
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(host)) {
    try {
      host = new URL(host).hostname;
    } catch {
      invalidDomain();
    }
  }
  const labels = host.split('.');
  if (host === '' || isIP(host) !== 0 || labels.length < 2 || !labels.every((label) => LABEL.test(label))) invalidDomain();
  if (/^\d+$/.test(labels[labels.length - 1] as string) || host.toLowerCase().endsWith('.localhost')) invalidDomain();
  return host;
}

function subjectName(subject: PeerCertificate['subject'] | undefined): string {
  if (!subject) return '';
  // OpenSSL's one-line form, as PHP's openssl_x509_parse reports `name`.
  return Object.entries(subject)
    .map(([key, value]) => `/${key}=${Array.isArray(value) ? value.join(',') : String(value)}`)
    .join('');
}

function first(value: string | string[] | undefined): string {
  return (Array.isArray(value) ? value[0] : value) ?? '';
}

/** Connects to `host:443` with SNI and reads its certificate, as `GET /v1/health/certificate` does. */
export function readCertificate(host: string): Promise<HealthCertificate> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port: 443, servername: host, timeout: CONNECT_TIMEOUT_MS, rejectUnauthorized: false });
    const fail = (error: Error) => {
      socket.destroy();
      reject(healthErrors.invalidHost(`Failed to connect to host: (0) ${error.message}`));
    };
    socket.once('error', fail);
    socket.once('timeout', () => fail(new Error('Connection timed out')));
    socket.once('secureConnect', () => {
      const certificate = socket.getPeerCertificate();
      socket.end();
      if (!certificate || !certificate.valid_to) {
        reject(healthErrors.invalidHost(`Peer certificate not available for ${host}`));
        return;
      }
      const validFrom = Math.floor(Date.parse(certificate.valid_from) / 1000);
      const validTo = Math.floor(Date.parse(certificate.valid_to) / 1000);
      if (validTo < Date.now() / 1000) {
        reject(healthErrors.certificateExpired());
        return;
      }
      resolve({
        name: subjectName(certificate.subject),
        subjectSN: first(certificate.subject?.CN),
        issuerOrganisation: first(certificate.issuer?.O),
        validFrom,
        validTo,
        signatureTypeSN: '',
      });
    });
  });
}
