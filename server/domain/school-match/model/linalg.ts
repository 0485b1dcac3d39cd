/** Dense linear algebra for the model's small symmetric positive-definite systems (at most 6×6). */

/** Lower-triangular L with L·Lᵀ = a; a tiny ridge keeps a near-singular matrix factorable. */
function cholesky(a: readonly (readonly number[])[]): number[][] {
  const n = a.length;
  const l: number[][] = [];
  for (let i = 0; i < n; i++) l.push(new Array<number>(n).fill(0));
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      let sum = a[i][j];
      for (let k = 0; k < j; k++) sum -= l[i][k] * l[j][k];
      if (i === j) l[i][i] = Math.sqrt(Math.max(sum, 1e-12));
      else l[i][j] = sum / l[j][j];
    }
  }
  return l;
}

function solveWith(l: number[][], b: readonly number[]): number[] {
  const n = l.length;
  const y = new Array<number>(n);
  for (let i = 0; i < n; i++) {
    let sum = b[i];
    for (let k = 0; k < i; k++) sum -= l[i][k] * y[k];
    y[i] = sum / l[i][i];
  }
  const x = new Array<number>(n);
  for (let i = n - 1; i >= 0; i--) {
    let sum = y[i];
    for (let k = i + 1; k < n; k++) sum -= l[k][i] * x[k];
    x[i] = sum / l[i][i];
  }
  return x;
}

/** x with a·x = b, a symmetric positive definite. */
export function solveSpd(a: readonly (readonly number[])[], b: readonly number[]): number[] {
  return solveWith(cholesky(a), b);
}

/** a⁻¹ for a symmetric positive-definite a (column by column, no closures: it runs per program per step). */
export function invertSpd(a: readonly (readonly number[])[]): number[][] {
  const l = cholesky(a);
  const n = a.length;
  const out: number[][] = [];
  for (let i = 0; i < n; i++) out.push(new Array<number>(n).fill(0));
  const unit = new Array<number>(n).fill(0);
  for (let j = 0; j < n; j++) {
    unit[j] = 1;
    const column = solveWith(l, unit);
    unit[j] = 0;
    for (let i = 0; i < n; i++) out[i][j] = column[i];
  }
  return out;
}

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
