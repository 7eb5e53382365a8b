/** A body that yields each string as one chunk, and errors where an Error is given. */
export function streamOf(...parts: (string | Error)[]): ReadableStream<Uint8Array> {
  let i = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      const part = parts[i++];
      if (part === undefined) controller.close();
      else if (part instanceof Error) controller.error(part);
      else controller.enqueue(new TextEncoder().encode(part));
    },
  });
}
