// A list page of cards (animals, birds, blog posts, experiences): the hero, a grid of one card per
// item (or a line saying there are none yet), and the pages below (?page=N).
import type { ReactNode } from 'react';
import { Empty, Grid } from './Cards.tsx';
import { Hero } from './Hero.tsx';
import { Pagination } from './Pagination.tsx';

export interface CardListPageProps<T extends { id: number }> {
  title: string;
  /** The hero's picture: the first item's, or a fixed one. */
  image?: string;
  imageAlt?: string;
  eyebrow: string;
  lead: string;
  /** The list's name in the breadcrumb. */
  crumb: string;
  items: readonly T[];
  card: (item: T) => ReactNode;
  cols?: 3 | 4;
  /** Said when the list is empty. */
  empty: string;
  page: number;
  totalPages: number;
}

export function CardListPage<T extends { id: number }>(props: CardListPageProps<T>) {
  return (
    <>
      <Hero title={props.title} image={props.image} imageAlt={props.imageAlt} eyebrow={props.eyebrow} lead={<p>{props.lead}</p>} crumbs={[{ label: props.crumb }]} />
      <div className="container page">
        {props.items.length ? <Grid cols={props.cols}>{props.items.map((item) => props.card(item))}</Grid> : <Empty>{props.empty}</Empty>}
        <Pagination page={props.page} totalPages={props.totalPages} />
      </div>
    </>
  );
}
