// The table's own worker: the file read, its columns described and the design matrix built off
// the page's main thread (a 50 000-row file held it 0.7–0.9 s per step there). The table stays
// here between the calls; the page gets its description and, on a run, the matrix (transferred).
import { describeTable, parseCsv, toMatrix, type CsvTable, type Decimal } from './csv.js';
import type { TableRequest } from './tableClient.js';

let table: CsvTable | undefined,
  decimal: Decimal = '.';
const post = (message: unknown, transfer: Transferable[] = []) => (self as unknown as Worker).postMessage(message, transfer);

self.onmessage = (e: MessageEvent<TableRequest>) => {
  const request = e.data;
  try {
    if (request.type === 'read') {
      table = undefined;
      const read = parseCsv(request.text),
        described = describeTable(read);
      decimal = described.decimal;
      table = read;
      post({ id: request.id, ok: { rows: read.rows.length, columns: read.columns.length, ...described } });
    } else {
      if (!table) throw new Error('no file is read');
      const m = toMatrix(table, request.target, request.features, request.standardise, decimal);
      post({ id: request.id, ok: m }, [m.X.buffer, m.y.buffer]);
    }
  } catch (err) {
    post({ id: request.id, error: (err as Error).message });
  }
};
