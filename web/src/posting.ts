// A request as it is posted to the worker: every typed array copied into a buffer of its own,
// which is then transferred, not cloned. A memcpy of the viewed bytes costs less than the
// structured clone postMessage makes (20 MB: 2.7 against 12 ms, measured in Node), a `subarray`
// of a large buffer costs its own bytes only, and the caller's arrays are never detached or
// changed. Views of shared memory pass as they are.

type View = ArrayBufferView & { slice(): ArrayBufferView };

function isView(v: unknown): v is View {
  return ArrayBuffer.isView(v) && !(v instanceof DataView);
}

function isShared(buffer: ArrayBufferLike): boolean {
  return typeof SharedArrayBuffer !== 'undefined' && buffer instanceof SharedArrayBuffer;
}

function isPlain(v: unknown): v is Record<string, unknown> | unknown[] {
  if (Array.isArray(v)) return true;
  if (!v || typeof v !== 'object') return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

/** The request with each unshared typed array copied to its own buffer, and those buffers. */
export function forPosting<T>(request: T): { request: T; transfer: ArrayBuffer[] } {
  const transfer: ArrayBuffer[] = [];
  const copy = (value: unknown): unknown => {
    if (isView(value)) {
      if (isShared(value.buffer)) return value;
      const own = value.slice();
      transfer.push(own.buffer as ArrayBuffer);
      return own;
    }
    if (Array.isArray(value)) return value.map(copy);
    if (isPlain(value)) return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]));
    return value;
  };
  return { request: copy(request) as T, transfer };
}
