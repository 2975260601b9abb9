/**
 * What Appwrite's Detector (matomo device-detector) reads from a User-Agent for the Session and Log
 * models: the OS, the client and the device, with matomo's codes and names (`WIN`/`Windows`,
 * `CH`/`Chrome`, versions cut to major.minor). This covers the browsers and systems people use and
 * the common HTTP libraries; anything else stays empty, as an unknown agent does on Appwrite.
 */
export interface AgentDetails {
  osCode: string;
  osName: string;
  osVersion: string;
  clientType: string;
  clientCode: string;
  clientName: string;
  clientVersion: string;
  clientEngine: string;
  clientEngineVersion: string;
  deviceName: string;
  deviceBrand: string;
  deviceModel: string;
}

const EMPTY: AgentDetails = {
  osCode: '',
  osName: '',
  osVersion: '',
  clientType: '',
  clientCode: '',
  clientName: '',
  clientVersion: '',
  clientEngine: '',
  clientEngineVersion: '',
  deviceName: '',
  deviceBrand: '',
  deviceModel: '',
};

/** Matomo's version truncation: major.minor (`70.0.3538.77` → `70.0`; `17` → `17.0`). */
function minor(version: string | undefined): string {
  if (!version) return '';
  const [major, second] = version.replace(/_/g, '.').split('.');
  return `${major}.${second ?? '0'}`;
}

const WINDOWS_VERSIONS: Readonly<Record<string, string>> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7', '6.0': 'Vista', '5.1': 'XP' };

function detectOs(ua: string): Pick<AgentDetails, 'osCode' | 'osName' | 'osVersion'> {
  let match: RegExpExecArray | null;
  if ((match = /Windows NT (\d+\.\d+)/.exec(ua))) return { osCode: 'WIN', osName: 'Windows', osVersion: WINDOWS_VERSIONS[match[1] ?? ''] ?? '' };
  if ((match = /(?:iPhone|iPad|iPod).*?OS (\d+[_.]\d+)/.exec(ua))) return { osCode: 'IOS', osName: 'iOS', osVersion: minor(match[1]) };
  if ((match = /Android (\d+(?:\.\d+)?)/.exec(ua)))
    return { osCode: 'AND', osName: 'Android', osVersion: match[1]?.includes('.') ? (match[1] ?? '') : `${match[1]}` };
  if (/CrOS/.test(ua)) return { osCode: 'COS', osName: 'Chrome OS', osVersion: '' };
  if ((match = /Mac OS X (\d+[_.]\d+)/.exec(ua))) return { osCode: 'MAC', osName: 'Mac', osVersion: minor(match[1]) };
  if (/Linux/.test(ua)) return { osCode: 'LIN', osName: 'GNU/Linux', osVersion: '' };
  return { osCode: '', osName: '', osVersion: '' };
}

type Client = Pick<AgentDetails, 'clientType' | 'clientCode' | 'clientName' | 'clientVersion' | 'clientEngine' | 'clientEngineVersion'>;

function browser(code: string, name: string, version: string | undefined, engine: string, engineVersion = ''): Client {
  return { clientType: 'browser', clientCode: code, clientName: name, clientVersion: minor(version), clientEngine: engine, clientEngineVersion: engineVersion };
}

function library(name: string, version: string | undefined): Client {
  return { clientType: 'library', clientCode: '', clientName: name, clientVersion: minor(version), clientEngine: '', clientEngineVersion: '' };
}

function detectClient(ua: string): Client {
  let match: RegExpExecArray | null;
  const webkit = /AppleWebKit\/([\d.]+)/.exec(ua)?.[1] ?? '';
  if ((match = /Edg(?:e|A|iOS)?\/([\d.]+)/.exec(ua))) return browser('PS', 'Microsoft Edge', match[1], 'Blink', minor(match[1]));
  if ((match = /(?:OPR|Opera)\/([\d.]+)/.exec(ua))) return browser('OP', 'Opera', match[1], 'Blink');
  if ((match = /SamsungBrowser\/([\d.]+)/.exec(ua))) return browser('SB', 'Samsung Browser', match[1], 'Blink');
  if ((match = /(?:Chrome|CriOS)\/([\d.]+)/.exec(ua)))
    return browser('CH', /Mobile|Android/.test(ua) ? 'Chrome Mobile' : 'Chrome', match[1], 'Blink', minor(match[1]));
  if ((match = /(?:Firefox|FxiOS)\/([\d.]+)/.exec(ua))) return browser('FF', 'Firefox', match[1], 'Gecko', minor(match[1]));
  if ((match = /Version\/([\d.]+).*Safari\//.exec(ua))) return browser('SF', /Mobile/.test(ua) ? 'Mobile Safari' : 'Safari', match[1], 'WebKit', minor(webkit));
  if ((match = /^curl\/([\d.]+)/.exec(ua))) return library('curl', match[1]);
  if ((match = /^(?:node-fetch|undici)(?:\/([\d.]+))?/.exec(ua))) return library('Node Fetch', match[1]);
  if ((match = /^(?:Python-urllib|python-requests)\/([\d.]+)/.exec(ua))) return library('Python Requests', match[1]);
  if ((match = /^Go-http-client\/([\d.]+)/.exec(ua))) return library('Go-http-client', match[1]);
  return { clientType: '', clientCode: '', clientName: '', clientVersion: '', clientEngine: '', clientEngineVersion: '' };
}

function detectDevice(ua: string, os: string): Pick<AgentDetails, 'deviceName' | 'deviceBrand' | 'deviceModel'> {
  if (/iPad/.test(ua)) return { deviceName: 'tablet', deviceBrand: 'Apple', deviceModel: 'iPad' };
  if (/iPhone/.test(ua)) return { deviceName: 'smartphone', deviceBrand: 'Apple', deviceModel: 'iPhone' };
  if (os === 'AND') return { deviceName: /Mobile/.test(ua) ? 'smartphone' : 'tablet', deviceBrand: '', deviceModel: '' };
  if (os === 'WIN' || os === 'MAC' || os === 'LIN' || os === 'COS') return { deviceName: 'desktop', deviceBrand: os === 'MAC' ? 'Apple' : '', deviceModel: '' };
  return { deviceName: '', deviceBrand: '', deviceModel: '' };
}

export function detectAgent(userAgent: string): AgentDetails {
  if (!userAgent || userAgent === 'UNKNOWN') return { ...EMPTY };
  const os = detectOs(userAgent);
  return { ...os, ...detectClient(userAgent), ...detectDevice(userAgent, os.osCode) };
}
