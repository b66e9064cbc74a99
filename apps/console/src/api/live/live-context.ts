import { createContext } from 'react';
import type { LiveChannel } from './live-channel';

export const LiveChannelContext = createContext<LiveChannel | null>(null);
