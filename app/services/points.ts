import { formatPoints, pointsToCents } from '../../contracts/constants';

/** Spec §9: the points history's page size and its table's pagination are both 10. */
export const POINTS_HISTORY_PAGE_SIZE = 10;

/** A signed amount as the history and the header's difference show it: +12.50, -3.00. */
export const signedPoints = (points: number) => `${pointsToCents(points) > 0 ? '+' : ''}${formatPoints(points)}`;
