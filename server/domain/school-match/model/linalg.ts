/** Dense linear algebra for the model's small symmetric positive-definite systems (at most 6×6). */

/** Lower-triangular L with L·Lᵀ = a, written into l; a tiny floor keeps a near-singular matrix factorable. */
function choleskyInto(a: readonly (readonly number[])[], l: number[][]): number[][] {
  const n = a.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) l[i][j] = 0;
    for (let j = 0; j <= i; j++) {
      let sum = a[i][j];
      for (let k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
      if (i === j) l[i][i] = Math.sqrt(Math.max(sum, 1e-12));
      else l[i][j] = sum / l[j][j];
    }
  }
  return l;
}

const cholesky = (a: readonly (readonly number[])[]): number[][] => choleskyInto(a, zeros(a.length));

/** Solves L·Lᵀ·x = b into x (y is scratch). */
function solveInto(l: number[][], b: readonly number[], x: number[], y: number[]): number[] {
  const n = l.length;
  for (let i = 0; i < n; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= l[i][k] * y[k];
    y[i] = sum / l[i][i];
  }
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < n; k++) sum -= l[k][i] * x[k];
    x[i] = sum / l[i][i];
  }
  return x;
}

const solveWith = (l: number[][], b: readonly number[]): number[] =>
  solveInto(l, b, new Array<number>(l.length), new Array<number>(l.length));

/** x with a·x = b, a symmetric positive definite. */
export function solveSpd(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  return solveWith(cholesky(a), b);
}

/** Scratch space for invertSpdInto on n×n matrices, allocated once and reused. */
export type InverseScratch = { l: number[][]; unit: number[]; column: number[]; y: number[] };
export const inverseScratch = (n: number): InverseScratch => ({
  l: zeros(n),
  unit: new Array<number>(n).fill(0),
  column: new Array<number>(n).fill(0),
  y: new Array<number>(n).fill(0),
});

/** a⁻¹ into out, for a symmetric positive-definite a, without allocating (it runs per program per step). */
export function invertSpdInto(a: readonly (readonly number[])[], out: number[][], scratch: InverseScratch): number[][] {
  const n = a.length;
  const l = choleskyInto(a, scratch.l);
  for (let j = 0; j < n; j++) {
    scratch.unit[j] = 1;
    solveInto(l, scratch.unit, scratch.column, scratch.y);
    scratch.unit[j] = 0;
    for (let i = 0; i < n; i++) out[i][j] = scratch.column[i];
  }
  return out;
}

export const invertSpd = (a: readonly (readonly number[])[]): number[][] => invertSpdInto(a, zeros(a.length), inverseScratch(a.length));

/** vᵀ·m·v */
export function quadraticForm(m: readonly (readonly number[])[], v: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < v.length; i++) for (let j = 0; j < v.length; j++) sum += v[i] * m[i][j] * v[j];
  return sum;
}

export function zeros(n: number, m = n): number[][] {
  const out: number[][] = [];
  for (let i = 0; i < n; i++) out.push(new Array<number>(m).fill(0));
  return out;
}

export const sigmoid = (x: number): number => (x >= 0 ? 1 / (1 + Math.exp(-x)) : Math.exp(x) / (1 + Math.exp(x)));

export const logit = (p: number): number => {
  const q = Math.min(1 - 1e-6, Math.max(1e-6, p));
  return Math.log(q / (1 - q));
};
