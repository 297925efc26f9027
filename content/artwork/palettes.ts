// One palette per country. Every picture of a country shares its land colours and sky moods, so a
// destination's pages read as one family; all countries share the same drawing style.
import { mix } from './svg.ts';

export type Country = 'uganda' | 'rwanda' | 'kenya' | 'tanzania' | 'democratic-republic-of-congo';
export type TimeOfDay = 'dawn' | 'morning' | 'golden' | 'dusk' | 'night';

export interface Sky {
  /** Top to horizon. */
  zenith: string;
  upper: string;
  lower: string;
  horizon: string;
  sun: string;
  glow: string;
  cloud: string;
}

export interface Palette {
  country: Country;
  skies: Record<TimeOfDay, Sky>;
  /** Hill colours from far to near before atmospheric tinting. */
  far: string;
  mid: string;
  near: string;
  /** Silhouette colour of animals, trees and foreground. */
  ink: string;
  /** Green of forest canopies. */
  foliage: string;
  /** Grass and savanna floor. */
  grass: string;
  water: string;
  /** Bright accent (balloons, canoe, kanga cloth). */
  accent: string;
  /** Times of day this country is drawn in most often, for variety with a character. */
  moods: TimeOfDay[];
}

const sky = (zenith: string, upper: string, lower: string, horizon: string, sun: string, glow: string, cloud: string): Sky => ({
  zenith,
  upper,
  lower,
  horizon,
  sun,
  glow,
  cloud,
});

export const palettes: Record<Country, Palette> = {
  // Emerald hills, gold light: the Pearl of Africa.
  uganda: {
    country: 'uganda',
    skies: {
      dawn: sky('#5b6f96', '#c98f8a', '#f3c39b', '#fbe3b4', '#fff4d6', '#ffd59a', '#f6cdb6'),
      morning: sky('#6c9cc4', '#a7c9dc', '#dfe9d9', '#f4f1d8', '#fffbe8', '#fff2c4', '#ffffff'),
      golden: sky('#4f7ea0', '#d5a35e', '#f2c76e', '#fbe2a0', '#fff6d8', '#ffc96b', '#fde3b0'),
      dusk: sky('#233a5c', '#7b4e6e', '#e0805a', '#f6b869', '#ffe0a0', '#ff9a4d', '#e69a7a'),
      night: sky('#0d1a2e', '#1a3146', '#2c4d5a', '#4f7068', '#f4f0da', '#9fbfb4', '#3d5966'),
    },
    far: '#7b9c78',
    mid: '#426f47',
    near: '#20412b',
    ink: '#11261b',
    foliage: '#2f6a3c',
    grass: '#8fa04a',
    water: '#4f8a9a',
    accent: '#e2a43a',
    moods: ['golden', 'morning', 'dawn', 'dusk', 'golden', 'morning'],
  },
  // Misty blue volcanoes and a thousand green hills.
  rwanda: {
    country: 'rwanda',
    skies: {
      dawn: sky('#4b5486', '#9a86b0', '#e2b3c0', '#f6dcd3', '#fff2e6', '#ffc7b0', '#ead0dc'),
      morning: sky('#7d98c0', '#b4c4d9', '#dde3e6', '#eef0ea', '#ffffff', '#f4f4e6', '#ffffff'),
      golden: sky('#5d6fa0', '#c2a0b0', '#f0c7a2', '#f9e3c4', '#fff6e0', '#ffd2a0', '#f3d6cc'),
      dusk: sky('#1f2550', '#5b3f72', '#c3668a', '#efa98a', '#ffe1c0', '#ff9f8a', '#b98aa8'),
      night: sky('#0b1030', '#1d2450', '#38406e', '#5b6488', '#eef0ff', '#a0a8d0', '#3e4670'),
    },
    far: '#7f8cb0',
    mid: '#4f6e72',
    near: '#253f35',
    ink: '#141d2a',
    foliage: '#3a6b4e',
    grass: '#7d9a5a',
    water: '#5b7fa0',
    accent: '#d98a5a',
    moods: ['morning', 'dawn', 'golden', 'dusk', 'morning', 'dawn'],
  },
  // Red earth, dust and fire-orange evenings.
  kenya: {
    country: 'kenya',
    skies: {
      dawn: sky('#58668f', '#c98d86', '#f2b88c', '#fbdcae', '#fff2d6', '#ffc58a', '#f4c8ae'),
      morning: sky('#6f9ac0', '#b7cbd6', '#e9e0cc', '#f5ead2', '#fffbea', '#fff0c8', '#ffffff'),
      golden: sky('#5a7896', '#e0a25c', '#f5be64', '#fcdc98', '#fff4d0', '#ffb84a', '#fbd9a8'),
      dusk: sky('#2b2140', '#7a2f45', '#d8553a', '#f59a3e', '#ffd27a', '#ff7a2e', '#d8704e'),
      night: sky('#1a0f22', '#3a1e34', '#6a3440', '#9a5a48', '#fde8c8', '#d08a6a', '#5a3040'),
    },
    far: '#a08272',
    mid: '#b17745',
    near: '#6a3e22',
    ink: '#2a140c',
    foliage: '#5f6b32',
    grass: '#c4964a',
    water: '#5e8a92',
    accent: '#c8322c',
    moods: ['dusk', 'golden', 'dawn', 'golden', 'morning', 'dusk'],
  },
  // Golden plains under violet hills and pink evenings.
  tanzania: {
    country: 'tanzania',
    skies: {
      dawn: sky('#5a5e94', '#b48aa8', '#efb7a4', '#fad9bd', '#fff3e2', '#ffc9a6', '#f0cbc6'),
      morning: sky('#6b9ccc', '#a9c6e0', '#e6e4d0', '#f6edd2', '#fffbe8', '#fff3c8', '#ffffff'),
      golden: sky('#5b73a0', '#cf9c6a', '#f4c470', '#fde4a4', '#fff6d4', '#ffc45a', '#fadcb0'),
      dusk: sky('#2a2452', '#6f3a6e', '#d8687a', '#f5a878', '#ffdca6', '#ff9270', '#d88a98'),
      night: sky('#111032', '#272454', '#4a3e6e', '#786088', '#f6efff', '#b8a0d0', '#443c6a'),
    },
    far: '#8a80a8',
    mid: '#c29a4c',
    near: '#785620',
    ink: '#2a1c10',
    foliage: '#5d6f34',
    grass: '#d2aa52',
    water: '#5a8aa8',
    accent: '#3a8fc2',
    moods: ['golden', 'dusk', 'dawn', 'golden', 'morning', 'dusk'],
  },
  // Deep teal rainforest and the ember glow of the Virunga volcanoes.
  'democratic-republic-of-congo': {
    country: 'democratic-republic-of-congo',
    skies: {
      dawn: sky('#3d5a6e', '#8a8a86', '#e0a88a', '#f3d2b0', '#fff0da', '#ffb88a', '#d8c8b8'),
      morning: sky('#5e8c98', '#9fc0bc', '#d4e2d2', '#eaefdc', '#fffbea', '#f2f4da', '#ffffff'),
      golden: sky('#3e6a72', '#b08a5a', '#e6b066', '#f6d89c', '#fff2d0', '#ffb860', '#e8cfa6'),
      dusk: sky('#14262e', '#3e3040', '#a44a3a', '#e6843e', '#ffd08a', '#ff6a2a', '#9a5a48'),
      night: sky('#081418', '#10262a', '#26383a', '#5a3a30', '#f0ecd8', '#e0603a', '#2a3a3c'),
    },
    far: '#5a847a',
    mid: '#2f5e4e',
    near: '#173a2e',
    ink: '#0b1d18',
    foliage: '#245a40',
    grass: '#6f8a48',
    water: '#3f7a7e',
    accent: '#e0602e',
    moods: ['morning', 'dusk', 'dawn', 'golden', 'night', 'morning'],
  },
};

export const countries = Object.keys(palettes) as Country[];

/** Atmospheric perspective: far layers take on the colour of the sky at the horizon. */
export function aerial(base: string, skyColour: string, depth: number): string {
  return mix(base, skyColour, depth);
}
