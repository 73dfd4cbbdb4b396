// Reading scanimage's words: device lists, option descriptions of real scanners, and its errors.
import { describe, expect, it } from 'vitest';
import {
  parseDeviceList,
  parseOptions,
  parseResolutions,
  problemOf,
} from '../../../electron/core/capture/scanning/sane-output.js';

describe('scanimage output', () => {
  it('names devices by vendor and model, leaving out a "Noname" vendor', () => {
    expect(
      parseDeviceList(
        'airscan:e0:Office MFP\tHP\tOfficeJet 8010\teSCL network scanner\ntest:0\tNoname\tfrontend-tester\tvirtual device\n',
      ),
    ).toEqual([
      { id: 'airscan:e0:Office MFP', name: 'HP OfficeJet 8010', device: 'network scanner “Office MFP”' },
      { id: 'test:0', name: 'frontend-tester', device: 'test:0' },
    ]);
  });

  it('says where each scanner is, so two of one model can be told apart', () => {
    const list = parseDeviceList(
      [
        'genesys:libusb:001:004\tCanon\tLiDE 220\tflatbed scanner',
        'genesys:libusb:003:012\tCanon\tLiDE 220\tflatbed scanner',
        'escl:https://192.168.1.20:443\tBrother\tMFC-L2750DW\teSCL network scanner',
        'hpaio:/usb/Officejet_Pro_8600?serial=CN12345\tHewlett-Packard\tOfficejet_Pro_8600\tall-in-one',
        'net:scanhost:fujitsu:fi-7160:1234\tFUJITSU\tfi-7160\tsheetfed scanner',
        'test:1\tNoname\tfrontend-tester\tvirtual device',
      ].join('\n'),
    );
    expect(list.map((s) => s.device)).toEqual([
      'USB bus 1, device 4',
      'USB bus 3, device 12',
      'network scanner at 192.168.1.20',
      'USB, serial CN12345',
      'shared by scanhost',
      'test:1',
    ]);
    expect(new Set(list.map((s) => `${s.name} (${s.device})`)).size).toBe(list.length);
  });

  it('reads a duplex feeder scanner’s sources with its default first, and its listed resolutions', () => {
    const options = [
      "Options specific to device `fujitsu:fi-7160:1234':",
      '  Standard:',
      '    --source Flatbed|ADF Front|ADF Back|ADF Duplex [ADF Front]',
      '    --mode Lineart|Halftone|Gray|Color [Lineart]',
      '    --resolution 50|75|150|300|600dpi [300]',
    ].join('\n');
    expect(parseOptions(options)).toEqual({
      sources: ['ADF Front', 'Flatbed', 'ADF Back', 'ADF Duplex'],
      modes: ['Lineart', 'Halftone', 'Gray', 'Color'],
      resolutions: [50, 75, 150, 300, 600],
    });
  });

  it('offers the usual document resolutions within a range, and the minimum when none fits', () => {
    expect(parseResolutions('100..300dpi (in steps of 1)')).toEqual([100, 150, 200, 300]);
    expect(parseResolutions('1200..2400dpi')).toEqual([1200]);
  });

  it('gives a scanner without a source option no sources', () => {
    expect(parseOptions('    --mode Gray|Color [Color]\n    --resolution 300dpi [300]').sources).toEqual([]);
  });

  it.each([
    ['scanimage: sane_start: Document feeder out of documents', 'feeder-empty'],
    ['scanimage: sane_read: Device busy', 'busy'],
    ['scanimage: sane_start: Document feeder jammed', 'jammed'],
    ['scanimage: sane_start: Scanner cover is open', 'cover-open'],
    ['scanimage: open of device gone:0 failed: Invalid argument', 'no-scanner'],
    ['scanimage: sane_read: Error during device I/O', 'failed'],
    ['Scanning page 1', null],
  ])('reads %j as %s', (stderr, problem) => {
    expect(problemOf(stderr)).toBe(problem);
  });
});
