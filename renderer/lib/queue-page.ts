// How many jobs one page of the queue screen shows: enough to see what is going on, few enough that
// reading a page and drawing it costs the same however many items are queued.
export const QUEUE_PAGE = 100;
