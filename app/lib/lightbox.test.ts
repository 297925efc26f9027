import { describe, expect, it } from 'vitest';
import { LIGHTBOX } from '../../common/constants.ts';
import { doubleClickZoom, keyRepeatGate, MAX_ZOOM, MIN_ZOOM, swipeAction, ZOOM_LEVELS, zoomInStep, zoomOutStep, zoomPercent } from './lightbox.ts';

describe('gallery viewer rules of spec point 9', () => {
  it('zooms from 100% to a maximum of 300% in steps of 100', () => {
    expect(ZOOM_LEVELS).toEqual([1, 2, 3]);
    expect(ZOOM_LEVELS.map(zoomPercent)).toEqual(['100%', '200%', '300%']);
    expect([MIN_ZOOM, MAX_ZOOM]).toEqual([1, 3]);
    const ups = [1];
    for (let i = 0; i < 4; i++) ups.push(zoomInStep(ups[ups.length - 1]!));
    expect(ups).toEqual([1, 2, 3, 3, 3]);
    const downs = [3];
    for (let i = 0; i < 4; i++) downs.push(zoomOutStep(downs[downs.length - 1]!));
    expect(downs).toEqual([3, 2, 1, 1, 1]);
    // From between two steps (after a pinch), to the next step either way.
    expect(zoomInStep(1.4)).toBe(2);
    expect(zoomOutStep(2.6)).toBe(2);
    expect(zoomInStep(2.995)).toBe(3);
    // Double click: one step in from the fitted picture, back to it from any zoom.
    expect(doubleClickZoom(1)).toBe(2);
    expect(doubleClickZoom(2)).toBe(1);
    expect(doubleClickZoom(3)).toBe(1);
  });

  it('swipes only when the move is at least 1.5 times as wide as tall, and a short one covers a quarter of the width', () => {
    expect(LIGHTBOX.swipeRatio).toBe(1.5);
    // 200 px or more: enough on any viewer width.
    expect(swipeAction(-200, 0, 1600)).toBe('next');
    expect(swipeAction(250, 100, 1600)).toBe('prev');
    // Under 200 px: a quarter of the width is needed.
    expect(swipeAction(-150, 0, 1600)).toBeNull();
    expect(swipeAction(-100, 0, 400)).toBe('next'); // exactly a quarter
    expect(swipeAction(-99, 0, 400)).toBeNull();
    expect(swipeAction(120, 10, 390)).toBe('prev');
    // Mostly vertical: not a swipe, however long.
    expect(swipeAction(300, 201, 1600)).toBeNull();
    expect(swipeAction(300, 200, 1600)).toBe('prev'); // exactly 1.5 times
    expect(swipeAction(0, 0, 400)).toBeNull();
  });

  it('lets one key action through in 180 ms', () => {
    expect(LIGHTBOX.keyRepeatLimitMs).toBe(180);
    const gate = keyRepeatGate();
    // A held key repeats every 33 ms: over one second, one action every 180 ms or more.
    const accepted = [];
    for (let t = 0; t <= 1000; t += 33) if (gate.accept(t)) accepted.push(t);
    expect(accepted).toEqual([0, 198, 396, 594, 792, 990]);
    for (let i = 1; i < accepted.length; i++) expect(accepted[i]! - accepted[i - 1]!).toBeGreaterThanOrEqual(180);
    const g2 = keyRepeatGate();
    expect([g2.accept(1000), g2.accept(1179), g2.accept(1180)]).toEqual([true, false, true]);
  });
});
