import { CataloguePage } from '../../features/season/catalogue-page';
import { DrawPage } from '../../features/season/draw-page';
import { ServerState } from '../../lib/server-state';

/** /actividades, public: the season's catalogue over its own server-state cache. */
export function CatalogueScreen() {
  return (
    <ServerState>
      <CataloguePage />
    </ServerState>
  );
}

/** /sorteos/:activityId, public: a lottery's draw (and, signed in, one's own codes marked). */
export function DrawScreen() {
  return (
    <ServerState>
      <DrawPage />
    </ServerState>
  );
}
