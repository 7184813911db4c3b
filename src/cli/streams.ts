/**
 * What the CLI does when the reader of its output goes away: `quiver console | head -1` closes
 * the pipe, and the next write fails with EPIPE (Node ignores the SIGPIPE signal itself). That
 * is a normal way to stop reading, so the CLI stops writing and exits quietly with status 0.
 * @module
 */

/**
 * Whether a stream error means that the reader has gone: EPIPE, or a write after the stream
 * was destroyed by it.
 */
function isClosedPipe(error: unknown): boolean {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  return code === 'EPIPE' || code === 'ERR_STREAM_DESTROYED';
}

/**
 * Keeps a closed pipe from crashing the process: EPIPE on `stream` is ignored (what was to be
 * written is dropped), and any other error is thrown as before.
 */
export function ignoreClosedPipe(stream: NodeJS.WritableStream): void {
  stream.on('error', (error: unknown) => {
    if (!isClosedPipe(error)) throw error;
  });
}

/**
 * What {@link watchOutputs} knows about the streams it watches.
 */
interface WatchedOutputs {
  /** Whether writes to the stream would be lost: it failed or was destroyed. */
  isGone(stream: NodeJS.WritableStream): boolean;
  /** The output's failure other than a closed pipe, if any. */
  failure(): unknown;
}

/**
 * Watches a program's output and error streams: when the output fails (EPIPE included), or is
 * found destroyed, `onOutputGone` runs once; a failing error stream is only marked gone.
 */
export function watchOutputs(output: NodeJS.WritableStream, errorOutput: NodeJS.WritableStream, onOutputGone: () => void): WatchedOutputs {
  const gone = new Set<NodeJS.WritableStream>();
  let outputError: unknown;
  output.on('error', (error: unknown) => {
    if (gone.has(output)) return;
    gone.add(output);
    outputError = error;
    onOutputGone();
  });
  if (errorOutput !== output) errorOutput.on('error', () => gone.add(errorOutput));
  return {
    isGone: (stream) => gone.has(stream) || (stream as { destroyed?: boolean }).destroyed === true,
    failure: () => {
      const error = outputError ?? (output as { errored?: unknown }).errored;
      return error === null || isClosedPipe(error) ? undefined : error;
    },
  };
}
