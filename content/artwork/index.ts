// The artwork generator's public face: what to draw for an item, and the SVG of it.
import { chooseArt, choosePageArt, type ArtChoice, type ArtItem } from './plan.ts';
import { drawScene } from './scene.ts';
import { drawPortrait, type PortraitSpec } from './portrait.ts';

export { chooseArt, choosePageArt, drawPortrait, type ArtChoice, type ArtItem, type PortraitSpec };

export function renderArt(choice: ArtChoice, width: number, height: number): string {
  return drawScene({ ...choice, width, height });
}
