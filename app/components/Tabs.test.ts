import { describe, expect, it } from 'vitest';
import { nextTabIndex } from './Tabs.tsx';

describe('nextTabIndex', () => {
  it('moves right and left with wrap-around', () => {
    expect(nextTabIndex('ArrowRight', 0, 3)).toBe(1);
    expect(nextTabIndex('ArrowRight', 2, 3)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 3)).toBe(2);
  });
  it('jumps to the ends', () => {
    expect(nextTabIndex('Home', 2, 3)).toBe(0);
    expect(nextTabIndex('End', 0, 3)).toBe(2);
  });
  it('uses up and down for vertical tab lists only', () => {
    expect(nextTabIndex('ArrowDown', 0, 3, 'vertical')).toBe(1);
    expect(nextTabIndex('ArrowDown', 0, 3)).toBeNull();
    expect(nextTabIndex('Enter', 0, 3)).toBeNull();
  });
});
