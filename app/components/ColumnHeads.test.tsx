import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ColumnHeads, hidden, num } from './ColumnHeads.tsx';

describe('ColumnHeads', () => {
  it('writes one row of column headings, an amount’s column with its class, in the order given', () => {
    expect(renderToStaticMarkup(<ColumnHeads columns={['Item', 'Quantity', num('Amount'), ['Move', 'c-dep-noprint']]} />)).toBe(
      '<thead><tr><th scope="col">Item</th><th scope="col">Quantity</th><th scope="col" class="c-num">Amount</th><th scope="col" class="c-dep-noprint">Move</th></tr></thead>',
    );
  });

  it('is the same markup as the headings written out by hand', () => {
    const byHand = (
      <thead>
        <tr>
          <th scope="col">When</th>
          <th scope="col" className="c-num">
            Queued
          </th>
        </tr>
      </thead>
    );
    expect(renderToStaticMarkup(<ColumnHeads columns={['When', num('Queued')]} />)).toBe(renderToStaticMarkup(byHand));
  });

  it('writes a hidden column’s heading for screen readers alone, as written out by hand', () => {
    const byHand = (
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
    );
    const markup = renderToStaticMarkup(<ColumnHeads columns={['Name', hidden('Actions')]} />);
    expect(markup).toBe('<thead><tr><th scope="col">Name</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>');
    expect(markup).toBe(renderToStaticMarkup(byHand));
  });
});
