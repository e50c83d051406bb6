// A session's device and place, told simply (docs/product.md#accounts-and-sessions): the browser and
// system named from the user agent, and the place only as "Red local" for private addresses. No
// outside lookup service is called and no address-to-country table is bundled, so a public address
// says honestly that its approximate place is not available.
import { isIP } from 'node:net';
import { LOCALE, TIME_ZONE } from '@donaciones/shared/constants';
import { twoStepMessages as m } from '@donaciones/shared/messages/two-step';

const BROWSERS: [RegExp, string][] = [
  [/Edg(e|A|iOS)?\//, 'Edge'],
  [/OPR\/|Opera/, 'Opera'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/Firefox\/|FxiOS\//, 'Firefox'],
  [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];
const SYSTEMS: [RegExp, string][] = [
  [/Android/, 'Android'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/CrOS/, 'ChromeOS'],
  [/Linux/, 'Linux'],
];

/** "Chrome en Windows", "Safari en iOS"; "Dispositivo desconocido" when neither is recognised. */
export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return m.unknownDevice;
  const browser = BROWSERS.find(([re]) => re.test(userAgent))?.[1];
  const system = SYSTEMS.find(([re]) => re.test(userAgent))?.[1];
  if (browser && system) return m.deviceOn(browser, system);
  return browser ?? system ?? m.unknownDevice;
}

function isPrivateV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return a === 10 || a === 127 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254) || (a === 100 && b >= 64 && b <= 127);
}

/** When a security email's event happened, in Guatemala time ("28 de noviembre de 2026, 16:20"). */
const whenFormat = new Intl.DateTimeFormat(LOCALE, { dateStyle: 'long', timeStyle: 'short', timeZone: TIME_ZONE });
export const describeWhen = (at: Date = new Date()): string => whenFormat.format(at);

/** "Red local" for loopback and private addresses; otherwise "Ubicación aproximada no disponible". */
export function describePlace(ip: string | null | undefined): string {
  if (!ip) return m.placeUnknown;
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  const kind = isIP(v4);
  if (kind === 4) return isPrivateV4(v4) ? m.localNetwork : m.placeUnknown;
  if (kind === 6) {
    const lower = v4.toLowerCase();
    if (lower === '::1' || lower.startsWith('fc') || lower.startsWith('fd') || lower.startsWith('fe80')) return m.localNetwork;
  }
  return m.placeUnknown;
}
