import { useLoaderData } from 'react-router';
import type { HomeResponse } from '../../common/api-types.ts';
import { apiContext } from '../context.ts';
import type { Route } from './+types/home';

export async function loader({ context }: Route.LoaderArgs) {
  const res = await context.get(apiContext).fetch('/');
  return (await res.json()) as HomeResponse;
}

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: loaderData?.title ?? 'Kigezi Trails' }];
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  return (
    <main>
      <h1>{data.title}</h1>
      <ul>
        {data.safaris.map((s) => (
          <li key={s.id}>
            {s.safariday} Day {s.safarititle}
          </li>
        ))}
      </ul>
    </main>
  );
}
