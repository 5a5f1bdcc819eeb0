// 报送 (submitting news items to a product as manuscripts): the news lists offer it, the manuscript
// screens own the dialog. Neither folder imports the other: the shell that hosts the news pages
// provides the dialog here (`NewsPushProvider`), and a list asks for it (`useNewsPushDialog`).
import { type ComponentType, createContext, useContext } from 'react';
import type { Schema } from '../../api';

/** What the dialog needs of a news row. */
export type PushNews = Pick<Schema<'NewsRowDto'>, 'id' | 'title' | 'titleCn' | 'examineName'>;

export interface NewsPushDialogProps {
  open: boolean;
  /** One item: a single submission; several: a batch. */
  news: readonly PushNews[];
  onClose: () => void;
  /** After 投稿成功, with the number of manuscripts created. */
  onSubmitted?: (count: number) => void;
}

const NewsPushContext = createContext<ComponentType<NewsPushDialogProps> | null>(null);

/** Makes the submission dialog available to the news lists below (a lazy component is fine: the lists mount it inside Suspense). */
export const NewsPushProvider = NewsPushContext.Provider;

/** The submission dialog, or null where none is provided (the list then opens nothing on 报送). */
export const useNewsPushDialog = (): ComponentType<NewsPushDialogProps> | null => useContext(NewsPushContext);
