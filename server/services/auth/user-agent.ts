/**
 * The browser and the system of a User-Agent header, as the devices list names them (issue 35 item 4). A small
 * reading of the common tokens, not a full parser: what the user needs is to recognise "Chrome no Windows" as the
 * office's computer. Only these two labels are stored, never the header itself.
 */
type UserAgentLabels = { browser: string; system: string };

export const UNKNOWN_BROWSER = 'Navegador desconhecido';
export const UNKNOWN_SYSTEM = 'Sistema desconhecido';

/** Order matters: Edge, Opera and Samsung Internet also say Chrome; Chrome also says Safari. */
const BROWSERS: Array<[RegExp, string]> = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/Chrome\/|\bCriOS\/|\bChromium\//, 'Chrome'],
  [/\bSafari\//, 'Safari'],
];

/** Order matters: iPadOS and Android also say Linux or Mac OS X. */
const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

export function parseUserAgent(header: string | undefined): UserAgentLabels {
  const value = (header ?? '').slice(0, 512);
  const browser = BROWSERS.find(([pattern]) => pattern.test(value))?.[1] ?? UNKNOWN_BROWSER;
  const system = SYSTEMS.find(([pattern]) => pattern.test(value))?.[1] ?? UNKNOWN_SYSTEM;
  return { browser, system };
}
