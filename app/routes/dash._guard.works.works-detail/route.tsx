// /dash/works/works-detail?id=: the address one source names for the work page (spec §2); the same page.
export { action, default, loader, meta } from '~/routes/dash._guard.my-works.my-works-detail/route';
