import { describe, expect, it } from 'vitest';
import { classPrefix, columnSheetText } from './column-sheet';

describe("the fixed-rows grid's column sheet", () => {
  it("gives each visible column's cells their width and the row's line height", () => {
    expect(columnSheetText('pb-cols-a', [190, 205, 90], 33).split('\n')).toEqual([
      '.pb-cols-a-0{width:190px;line-height:33px}',
      '.pb-cols-a-1{width:205px;line-height:33px}',
      '.pb-cols-a-2{width:90px;line-height:33px}',
    ]);
  });

  it("makes class names of React's ids that a selector can hold, one per grid", () => {
    // React 19 ids look like «r1» or :r1: — neither character may stand in a class selector.
    expect(classPrefix('«r1»')).toBe('pb-cols-r1');
    expect(classPrefix(':r2:')).toBe('pb-cols-r2');
    expect(classPrefix('«r1»')).not.toBe(classPrefix('«r12»'));
  });
});
