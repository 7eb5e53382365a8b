import { describe, expect, it } from 'vitest';
import { detectLanguage, formatsOf, parseMakeAndModel } from './printer-language';

// Captured from CUPS 2.4 (`lpoptions -p NAME` on the test run's private scheduler).
const RAW =
  "copies=1 device-uri=socket://127.0.0.1:9100 finishings=3 printer-info='Packbench test raw label printer' " +
  "printer-is-accepting-jobs=true printer-make-and-model='Local Raw Printer' printer-state=3";
const PDF =
  "copies=1 device-uri=cups-pdf:/ printer-make-and-model='Generic CUPS-PDF Printer (no options)' printer-state=3";
const ZEBRA =
  "device-uri=usb://Zebra printer-make-and-model='Zebra ZPL Label Printer' printer-type=1";

describe('printer language detection', () => {
  it('reads make-and-model from lpoptions', () => {
    expect(parseMakeAndModel(RAW)).toBe('Local Raw Printer');
    expect(parseMakeAndModel(PDF)).toBe('Generic CUPS-PDF Printer (no options)');
    expect(parseMakeAndModel('printer-make-and-model=Laser copies=1')).toBe('Laser');
    expect(parseMakeAndModel('copies=1')).toBeUndefined();
  });

  it('takes a raw queue as ZPL only, a Zebra driver as both, anything else as PDF', () => {
    expect(detectLanguage(parseMakeAndModel(RAW))).toBe('zpl');
    expect(detectLanguage(parseMakeAndModel(ZEBRA))).toBe('both');
    expect(detectLanguage('ZDesigner GK420d')).toBe('both');
    expect(detectLanguage(parseMakeAndModel(PDF))).toBe('pdf');
    expect(detectLanguage('HP LaserJet Pro M404')).toBe('pdf');
    expect(detectLanguage(undefined)).toBe('pdf');
    // "Drawer" is not "raw": whole words only.
    expect(detectLanguage('Brother Drawer Series')).toBe('pdf');
  });

  it('lists the formats of a language', () => {
    expect(formatsOf('both')).toEqual(['pdf', 'zpl']);
    expect(formatsOf('zpl')).toEqual(['zpl']);
  });
});
