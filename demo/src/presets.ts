// Play's presets: problems that show one point each, with hyperparameters that suit them.
import type { DemoState } from './state.js';

export interface Preset {
  id: string;
  label: string;
  note: string;
  state: Partial<DemoState>;
}

const base = { sigma: 0.5, rho: 0, task: 'regression', zero: false, seed: 1, lambda: 1e-4 } as const;

export const PRESETS: Preset[] = [
  {
    id: 'default',
    label: 'n > d: recovery',
    state: { ...base, n: 150, d: 100, Q: 5, method: 'ihc' },
    note: '150 samples, 100 features in 5 groups, noise σ = 0.5: enough samples for least squares, so the question is what grouping adds to it.',
  },
  {
    id: 'n-below-d',
    label: 'n < d: the hard regime',
    state: { ...base, n: 80, d: 100, Q: 5, method: 'ihc' },
    note: 'Fewer samples than features: least squares is undetermined and every method’s error grows (the IHC paper’s E1 table, left columns).',
  },
  {
    id: 'correlated',
    label: 'correlated features',
    state: { ...base, n: 150, d: 100, Q: 5, rho: 0.8, method: 'ihc' },
    note: 'Every pair of features correlated by ρ = 0.8: the design is ill-conditioned, and each coefficient alone is hard to pin down.',
  },
  {
    id: 'classification',
    label: 'classification',
    state: { ...base, n: 600, d: 20, Q: 3, task: 'classification', method: 'ihc' },
    note: 'Labels y = [xᵀw* + σε > 0]: a logistic fit recovers w* only up to scale, so the error is the angle to w*. Binary labels carry little information: this needs many more samples per feature than regression.',
  },
  {
    id: 'penalties',
    label: 'penalties group',
    state: { ...base, n: 300, d: 30, Q: 3, sigma: 0.1, method: 'gflasso', lambda: 1e-6, lambda2: 0.003 },
    note: 'Few features in few well-separated groups, little noise: a problem where the pairwise penalties (OSCAR, GFLasso, ncFGS, DFG) tie coefficients together. Paths maps adjusted Rand and the error over λ1 × λ2, to show where they group and what it costs.',
  },
  {
    id: 'sparse',
    label: 'sparse groups',
    state: { ...base, n: 150, d: 100, Q: 5, zero: true, method: 'ihcs' },
    note: 'One true group is zero: IHCS looks for at most s non-zeros in Q groups (s = the true count), IHT for the s non-zeros only (sparsity without grouping).',
  },
];
