// /admin/quotes: every quote, the latest first, with its traveller, trip, total and state (a
// booking's reference once accepted); a new quote from nothing or from a safari.
import { Link, useLoaderData } from 'react-router';
import { BOOKING_STATE_LABELS, formatMinor } from '../../../common/booking-money.ts';
import { QUOTE_STATUS_LABELS, type QuoteListItem } from '../../../common/quote-admin.ts';
import { NewItemLink, PageHead } from '../../components/admin/ConsoleUi.tsx';
import { ColumnHeads } from '../../components/ColumnHeads.tsx';
import { adminGet } from '../../lib/admin.ts';
import type { Route } from './+types/quotes';
import './quotes.css';

export function meta() {
  return [{ title: 'Quotes | Console' }];
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return adminGet<{ quotes: QuoteListItem[] }>(context, request, '/quotes');
}

export default function Quotes() {
  const { quotes } = useLoaderData<typeof loader>();
  return (
    <>
      <PageHead
        title="Quotes"
        lead="Proposals sent to travellers: each opens on the traveller’s private trip page, where it is accepted."
        actions={<NewItemLink to="/admin/quotes/new">New quote</NewItemLink>}
      />
      {quotes.length === 0 ? (
        <p>No quotes yet. Make one from an enquiry (“Make a quote”), or start a new one.</p>
      ) : (
        <div className="q-table-wrap">
          <table className="c-table">
            <caption className="sr-only">Quotes, the latest changed first</caption>
            <ColumnHeads columns={['Quote', 'Traveller', 'Trip', 'Travel', 'Total', 'State']} />
            <tbody>
              {quotes.map((q) => (
                <tr key={q.id}>
                  <th scope="row">
                    <Link to={`/admin/quotes/${q.id}`}>{q.reference}</Link> <span className="q-muted">v{q.version}</span>
                  </th>
                  <td>
                    {q.travellerName}
                    <br />
                    <span className="q-muted">{q.travellerEmail}</span>
                  </td>
                  <td>{q.title}</td>
                  <td>{q.travelFrom}</td>
                  <td>{formatMinor(q.totalMinor, 'USD')}</td>
                  <td>{q.booking ? `${q.booking.reference}: ${BOOKING_STATE_LABELS[q.booking.state]}` : QUOTE_STATUS_LABELS[q.status]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
