// The projection of the East Africa map: Mercator, 100 map units per degree of longitude, with
// the frame's north-west corner at (0, 0). The outlines are projected once at development time
// (scripts/build-map.ts, with d3-geo); points (parks, places) are placed at run time with these
// few lines, which give the same numbers, so no geographic library is needed to draw a map.

/** The area the base map covers, in degrees. */
const FRAME_BOUNDS = { west: 27, east: 42.5, north: 5.6, south: -12 } as const;

/** Map units per degree of longitude (at the equator, per degree of latitude too). */
export const MAP_UNITS_PER_DEGREE = 100;

const K = (MAP_UNITS_PER_DEGREE * 180) / Math.PI;
const RAD = Math.PI / 180;
const mercY = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * RAD) / 2));

/** Map units of a point: x east from the frame's west edge, y south from its north edge. */
export function project(lon: number, lat: number): [number, number] {
  return [K * (lon - FRAME_BOUNDS.west) * RAD, K * (mercY(FRAME_BOUNDS.north) - mercY(lat))];
}

export const FRAME = {
  ...FRAME_BOUNDS,
  width: project(FRAME_BOUNDS.east, 0)[0],
  height: project(FRAME_BOUNDS.west, FRAME_BOUNDS.south)[1],
} as const;

export interface MapCountry {
  /** ISO 3166-1 numeric code. */
  id: string;
  name: string;
  /** One of the operator's countries (drawn at full strength); the others are faded. */
  focus: boolean;
  /** Bounding box in map units: x0, y0, x1, y1. */
  box: readonly [number, number, number, number];
  /** SVG path data in map units. */
  d: string;
}

/** A lake, drawn over the countries in the colour of water. */
export interface MapLake {
  name: string;
  /** Bounding box in map units: x0, y0, x1, y1. */
  box: readonly [number, number, number, number];
  /** SVG path data in map units. */
  d: string;
}

/** A place for a country's name; a name may have several, in order of preference. */
export interface MapLabel {
  text: string;
  x: number;
  y: number;
  focus: boolean;
}
