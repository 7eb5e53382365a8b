// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { LabelPreview } from './label-preview';

afterEach(cleanup);

/** A PNG signature followed by bytes that are no image: the sniffer says PNG, the browser cannot draw it. */
const NOT_A_PNG = btoa(`\x89PNG\r\n\x1a\n${'this is not an image at all'}`);

describe('a PNG label whose bytes are not an image', () => {
  it('says so instead of showing a broken image', () => {
    render(<LabelPreview base64={NOT_A_PNG} format="PNG" title="Label X1" />);
    // jsdom decodes no images: the browser's error event is what Chromium fires here.
    fireEvent.error(screen.getByTestId('label-image'));
    expect(screen.queryByTestId('label-image')).toBeNull();
    expect(screen.getByTestId('label-image-broken').textContent).toContain(
      'This PNG label cannot be drawn',
    );
  });
});
