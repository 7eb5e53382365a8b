/**
 * A document the API sent that cannot be printed as it is: a PDF with no pages or one that
 * cannot be read, an image label whose bytes are not an image. Thrown before anything reaches
 * a printer; the bridge answers it as `bad_response` with this message (the API's answer was
 * not what it promised), never as an internal error.
 */
export class UnprintableDocument extends Error {
  override readonly name = 'UnprintableDocument';
}

/** "…; nothing was sent to a printer." Every message says what did not happen. */
export function unprintable(what: string): UnprintableDocument {
  return new UnprintableDocument(`${what}; nothing was sent to a printer.`);
}
