/** Points are shown truncated (not rounded) to two decimals (spec §4). */
export function formatPoints(points: number): string {
  const truncated = Math.trunc(points * 100 + (points >= 0 ? 1e-9 : -1e-9)) / 100;
  return truncated.toFixed(2);
}
