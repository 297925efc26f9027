import { createContext } from 'react-router';
import type { ApiClient } from '../common/api-client.ts';

/** The API client, provided by the server for every request (see server/web.ts). */
export const apiContext = createContext<ApiClient>();
