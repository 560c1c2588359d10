// Text typed into a field and not yet saved. A field saves after a pause in typing and when it is
// left; on the ways out that skip its blur — another video or question unmounting it, a person
// switch, a reload — whoever leaves first flushes every field here, so nothing typed is lost.
type Flush = () => void;

const pending = new Set<Flush>();

/** A field holds typed text that `flush` saves; returns the release (after which it no longer holds it). */
export function holdPendingEdit(flush: Flush): () => void {
  pending.add(flush);
  return () => void pending.delete(flush);
}

/** Saves what every field holds (their saves queue as writes, in order, before anything asked after). */
export function flushPendingEdits(): void {
  for (const flush of [...pending]) flush();
}
