// Routes, each page its own chunk. Generator pages are not listed here: any path
// that is a generator's route in the server's list renders the one generator page.
import { lazy, Suspense, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router-dom';
import { Toaster } from 'react-hot-toast';
import { AuthProvider } from './lib/auth.js';
import { AdminOnly, PublicOnly, RequireAuth } from './components/Guards.js';
import { PageLoading } from './components/Spinner.js';
import { ErrorBoundary } from './components/ErrorBoundary.js';

const Shell = lazy(() => import('./components/Shell.js'));
const SignIn = lazy(() => import('./pages/SignIn.js'));
const SignUp = lazy(() => import('./pages/SignUp.js'));
const ResetPassword = lazy(() => import('./pages/ResetPassword.js'));
const Success = lazy(() => import('./pages/Success.js'));
const Redeem = lazy(() => import('./pages/Redeem.js'));
const Claim = lazy(() => import('./pages/Claim.js'));
const Dashboard = lazy(() => import('./pages/Dashboard.js'));
const Upgrade = lazy(() => import('./pages/Upgrade.js'));
const UpgradeProcessing = lazy(() => import('./pages/UpgradeProcessing.js'));
const TopUp = lazy(() => import('./pages/TopUp.js'));
const Profile = lazy(() => import('./pages/Profile.js'));
const Books = lazy(() => import('./pages/Books.js'));
const Series = lazy(() => import('./pages/Series.js'));
const SideBySide = lazy(() => import('./pages/SideBySide.js'));
const StoryMap = lazy(() => import('./pages/StoryMap.js'));
const History = lazy(() => import('./pages/History.js'));
const PublishingGuide = lazy(() => import('./pages/PublishingGuide.js'));
const ChangePassword = lazy(() => import('./pages/ChangePassword.js'));
const Admin = lazy(() => import('./pages/Admin.js'));
const GeneratorRoute = lazy(() => import('./generator/GeneratorRoute.js'));

const page = (node: ReactNode) => (
  <ErrorBoundary>
    <Suspense fallback={<PageLoading />}>{node}</Suspense>
  </ErrorBoundary>
);

export function AppRoutes() {
  return (
    <Routes>
      <Route
        path="/signin"
        element={page(
          <PublicOnly>
            <SignIn />
          </PublicOnly>,
        )}
      />
      <Route
        path="/signup"
        element={page(
          <PublicOnly>
            <SignUp />
          </PublicOnly>,
        )}
      />
      <Route path="/reset-password" element={page(<ResetPassword />)} />
      <Route path="/success" element={page(<Success />)} />
      <Route path="/redeem/:code?" element={page(<Redeem />)} />
      <Route path="/claim/:token" element={page(<Claim />)} />
      <Route element={<RequireAuth>{page(<Shell />)}</RequireAuth>}>
        <Route index element={page(<Dashboard />)} />
        <Route path="/upgrade" element={page(<Upgrade />)} />
        <Route path="/upgrade-processing" element={page(<UpgradeProcessing />)} />
        <Route path="/topup" element={page(<TopUp />)} />
        <Route path="/books" element={page(<Books />)} />
        <Route path="/series/:id" element={page(<Series />)} />
        <Route path="/books/:id/side-by-side" element={page(<SideBySide />)} />
        <Route path="/books/:id/story-map" element={page(<StoryMap />)} />
        <Route path="/history" element={page(<History />)} />
        <Route path="/publishing-guide" element={page(<PublishingGuide />)} />
        <Route path="/profile" element={<Navigate to="/profile/edit" replace />} />
        <Route path="/profile/edit" element={page(<Profile />)} />
        <Route path="/profile/change-password" element={page(<ChangePassword />)} />
        <Route
          path="/admin"
          element={page(
            <AdminOnly>
              <Admin />
            </AdminOnly>,
          )}
        />
        <Route path="*" element={page(<GeneratorRoute />)} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AuthProvider>
        <AppRoutes />
        <Toaster
          position="top-center"
          // Below the phone and tablet header (shown under lg), so a toast never sits over its menu button: a
          // tap there reached the toast and paused it instead of opening the menu.
          containerStyle={{ top: 16 }}
          containerClassName="max-lg:!top-[72px]"
          toastOptions={{
            success: { duration: 2000 },
            error: { duration: 4000 },
            className: 'text-sm dark:!bg-neutral-800 dark:!text-gray-100',
          }}
        />
      </AuthProvider>
    </BrowserRouter>
  );
}
