// /upgrade, the card page's old address (Stripe's cancel link and old bookmarks): the one Top Up page, with the
// reason and the way back the writer came with.
import { Navigate, useLocation } from 'react-router-dom';

export { navigateTo } from '../components/CardPackages.js';

export default function Upgrade() {
  const location = useLocation();
  return <Navigate to={`/topup${location.search}`} state={location.state as unknown} replace />;
}
