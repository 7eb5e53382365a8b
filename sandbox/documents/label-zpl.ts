/**
 * A laid-out label as ZPL II for a 203 dpi Zebra printer (812 x 1218 dots). Text is sent as
 * UTF-8 (^CI28) so names keep their accents; field data goes through ^FH hex escapes so a
 * "^" or "~" in a customer's address cannot end the field or start a command.
 */
import { fitText } from './fit-text';
import { LABEL_HEIGHT, LABEL_WIDTH, type LabelLayout } from './label-layout';

/** The hex-escape indicator declared with ^FH; it must itself be escaped in data. */
const HEX = '\\';
/** Font 0 is proportional; this is a generous average character width per dot of height. */
const FONT0_WIDTH = 0.56;
/** ^BY: Zebra's module width; 3 dots reads well and fits a typical tracking number. */
const MAX_MODULE = 3;
/** Code 128 quiet zone on each side, in modules. */
const QUIET = 10;

/** Field data with ^, ~ and the escape character itself as ^FH hex escapes; controls dropped. */
export function zplFieldData(value: string): string {
  let out = '';
  for (const ch of value.replace(/\p{Cc}/gu, ' ')) {
    if (ch === '^' || ch === '~' || ch === HEX) {
      out += `${HEX}${ch.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    } else {
      out += ch;
    }
  }
  return out;
}

/** Text field: ^FO position, font 0 at `size` dots, optionally centred in a one-line block. */
function textField(x: number, y: number, size: number, text: string, center?: number): string {
  const block = center === undefined ? '' : `^FB${center},1,0,C`;
  return `^FO${x},${y}^A0N,${size},${size}${block}^FH${HEX}^FD${zplFieldData(text)}^FS`;
}

export function layoutToZpl(layout: LabelLayout): string {
  const out = ['^XA', '^CI28', `^PW${LABEL_WIDTH}`, `^LL${LABEL_HEIGHT}`, '^LH0,0'];
  const measure = (t: string, s: number) => [...t].length * s * FONT0_WIDTH;
  for (const item of layout.items) {
    if (item.type === 'rule') {
      const t = Math.min(item.width, item.height);
      out.push(`^FO${item.x},${item.y}^GB${item.width},${item.height},${t},B^FS`);
    } else if (item.type === 'barcode') {
      const data = item.symbol.data;
      // In ^BC's default mode the printer encodes in code set B throughout: 11 modules per
      // character plus start (11), check (11) and stop (13).
      const modules = 11 * data.length + 35;
      const k = Math.min(MAX_MODULE, Math.floor(item.width / (modules + 2 * QUIET)));
      if (k < 1) {
        out.push(textField(item.x, item.y + 40, 48, data, item.width));
        continue;
      }
      const x = item.x + Math.floor((item.width - modules * k) / 2);
      // ">" starts a code set switch in ^BC data; "><" is a literal ">".
      const escaped = zplFieldData(data.replace(/>/g, '><'));
      out.push(`^FO${x},${item.y}^BY${k}^BCN,${item.height},Y,N,N^FH${HEX}^FD${escaped}^FS`);
    } else {
      const fitted = fitText(item.text.trim(), item.size, item.maxWidth, measure, '...');
      const size = Math.round(fitted.size);
      const center = item.align === 'center' ? item.maxWidth : undefined;
      out.push(textField(item.x, item.y, size, fitted.text, center));
    }
  }
  out.push('^PQ1', '^XZ');
  return out.join('\n');
}
