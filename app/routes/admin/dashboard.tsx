// /admin: the console's first screen.
import { Link, useSearchParams } from 'react-router';
import { Notice, PageHead, useConsoleSession } from '../../components/admin/ConsoleUi.tsx';
import { SECTIONS } from './layout.tsx';

export default function Dashboard() {
  const session = useConsoleSession();
  const [params] = useSearchParams();
  const first = session?.staff.name.split(' ')[0] || session?.staff.email;
  return (
    <>
      <PageHead title="Dashboard" lead={`Welcome, ${first}.`} />
      {params.has('welcome') ? <Notice>Your owner account is ready. The set-up address no longer works.</Notice> : null}
      <ul className="c-cards">
        {SECTIONS.filter((s) => s.to !== '/admin' && (!s.owner || session?.staff.role === 'owner')).map((s) => (
          <li key={s.to}>
            <Link to={s.to} className="c-card">
              {s.label}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
