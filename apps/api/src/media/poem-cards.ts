import type { DecodeGate } from './decode-gate.js';
import { type CardText, cardTag, drawCard } from './poem-card.js';

/** How many cards are kept drawn: about 50 KB each. */
const KEPT = 200;

/**
 * Poems' cards, drawn when first asked for and the `KEPT` most recently asked for kept, by their
 * tag (`cardTag`): a card is drawn again only once its poem's title, author or first lines
 * changed, or once it fell out. Requests for a card being drawn wait for that drawing. Drawing
 * takes a turn of the decode gate that uploads take theirs of (a core and a libvips thread), so
 * cards and uploads together never take more than the gate gives.
 */
export function createPoemCards(gate: DecodeGate) {
  const kept = new Map<string, Promise<Buffer>>();
  return {
    card(text: CardText): Promise<Buffer> {
      const tag = cardTag(text);
      const held = kept.get(tag);
      if (held) {
        // The most recently used last: Map keeps insertion order.
        kept.delete(tag);
        kept.set(tag, held);
        return held;
      }
      const drawing = gate.run(() => drawCard(text));
      kept.set(tag, drawing);
      drawing.catch(() => {
        if (kept.get(tag) === drawing) kept.delete(tag);
      });
      if (kept.size > KEPT) kept.delete(kept.keys().next().value as string);
      return drawing;
    },
  };
}

export type PoemCards = ReturnType<typeof createPoemCards>;
