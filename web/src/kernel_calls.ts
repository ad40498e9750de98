// The kernels: arguments converted here (arrays to Float64Array, numbers as numbers), their
// ranges checked by the library (kernels/*: checkKMeans1DCall, …), which names the argument.
import type { KMeans1DResult, SparseGroupsResult, Supclust } from './types.js';
import { unwrap, type Session } from './session.js';
import * as v from './validate.js';

export function kernelCalls(session: Session): Pick<Supclust, 'kmeans1d' | 'projectSparseGroups' | 'proxOwl' | 'proxCliqueFusion'> {
  return {
    async kmeans1d(values, Q) {
      const u = v.finiteVector('values', values);
      return unwrap(await session.call({ op: 'kmeans1d', values: u, Q: v.number('Q', Q) })) as KMeans1DResult;
    },

    async projectSparseGroups(values, s, Q) {
      const u = v.finiteVector('values', values);
      return unwrap(
        await session.call({ op: 'projectSparseGroups', values: u, s: v.number('s', s), Q: v.number('Q', Q) }),
      ) as SparseGroupsResult;
    },

    async proxOwl(values, weights) {
      const u = v.finiteVector('values', values),
        w = v.finiteVector('weights', weights);
      return (unwrap(await session.call({ op: 'proxOwl', values: u, weights: w })) as { values: Float64Array }).values;
    },

    async proxCliqueFusion(values, lambda1, lambda2) {
      const u = v.finiteVector('values', values);
      return (
        unwrap(
          await session.call({
            op: 'proxCliqueFusion',
            values: u,
            lambda1: v.number('lambda1', lambda1),
            lambda2: v.number('lambda2', lambda2),
          }),
        ) as { values: Float64Array }
      ).values;
    },
  };
}
