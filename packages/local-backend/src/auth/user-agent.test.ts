import { describe, expect, it } from 'vitest';
import { detectAgent } from './user-agent.ts';

describe('detectAgent', () => {
  it("reads a desktop Chrome as Appwrite's Detector names it", () => {
    expect(detectAgent('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/70.0.3538.77 Safari/537.36')).toEqual({
      osCode: 'WIN',
      osName: 'Windows',
      osVersion: '10',
      clientType: 'browser',
      clientCode: 'CH',
      clientName: 'Chrome',
      clientVersion: '70.0',
      clientEngine: 'Blink',
      clientEngineVersion: '70.0',
      deviceName: 'desktop',
      deviceBrand: '',
      deviceModel: '',
    });
  });

  it('reads an iPhone Safari, a Firefox on Linux and an HTTP library, and leaves an unknown agent empty', () => {
    expect(
      detectAgent('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1'),
    ).toMatchObject({ osCode: 'IOS', osVersion: '17.4', clientName: 'Mobile Safari', clientCode: 'SF', deviceName: 'smartphone', deviceBrand: 'Apple' });
    expect(detectAgent('Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0')).toMatchObject({
      osName: 'GNU/Linux',
      clientName: 'Firefox',
      clientEngine: 'Gecko',
      deviceName: 'desktop',
    });
    expect(detectAgent('curl/8.5.0')).toMatchObject({ clientType: 'library', clientName: 'curl', clientVersion: '8.5' });
    expect(detectAgent('UNKNOWN').clientName).toBe('');
  });
});
