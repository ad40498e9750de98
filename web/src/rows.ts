import { invalid } from './errors.js';

/** The rows of a row-major array of `width` columns, as views into it (no copy): `rowsOf(p, K)[i]`
 * is row i of a prediction's n × K answer (predict, predictProba, a path's scores). */
export function rowsOf(values: Float64Array, width: number): Float64Array[] {
  if (!(values instanceof Float64Array)) throw invalid('values', 'must be a Float64Array (a prediction)');
  if (!Number.isInteger(width) || width < 1) throw invalid('width', `must be an integer >= 1 (got ${width})`);
  if (values.length % width !== 0)
    throw invalid('width', `must divide the array's length (${values.length} is not a multiple of ${width})`);
  return Array.from({ length: values.length / width }, (_, i) => values.subarray(i * width, (i + 1) * width));
}
