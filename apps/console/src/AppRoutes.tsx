import { lazy, Suspense, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, Route, Routes } from 'react-router';
import { ConsoleLayout } from './modules/auth/components/ConsoleLayout';
import { RequireSession } from './modules/auth/components/RequireSession';
import { SignInPage } from './modules/auth/components/SignInPage';
import { NotForClerks } from './modules/team/components/NotForClerks';
import { Loading } from './modules/ui/components/Loading';

/** React.lazy for a module's named export (we use no default exports). */
function lazyNamed<M extends Record<string, unknown>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
) {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}

// voters and the big screen download only what they use
const PortalPage = lazyNamed(
  () => import('./modules/portal/components/PortalPage'),
  'PortalPage',
);
const HolderPage = lazyNamed(
  () => import('./modules/proxies/components/HolderPage'),
  'HolderPage',
);
const ScreenPage = lazyNamed(
  () => import('./modules/screen/components/ScreenPage'),
  'ScreenPage',
);
const AccountPicker = lazyNamed(
  () => import('./modules/accounts/components/AccountPicker'),
  'AccountPicker',
);
const MeetingPicker = lazyNamed(
  () => import('./modules/meetings/components/MeetingPicker'),
  'MeetingPicker',
);
const MeetingLayout = lazyNamed(
  () => import('./modules/meetings/components/MeetingLayout'),
  'MeetingLayout',
);
const MeetingDetailsPage = lazyNamed(
  () => import('./modules/meetings/components/MeetingDetailsPage'),
  'MeetingDetailsPage',
);
const MembersPage = lazyNamed(
  () => import('./modules/members/components/MembersPage'),
  'MembersPage',
);
const MattersPage = lazyNamed(
  () => import('./modules/matters/components/MattersPage'),
  'MattersPage',
);
const NominationsPage = lazyNamed(
  () => import('./modules/nominations/components/NominationsPage'),
  'NominationsPage',
);
const DocumentsPage = lazyNamed(
  () => import('./modules/documents/components/DocumentsPage'),
  'DocumentsPage',
);
const ProxiesPage = lazyNamed(
  () => import('./modules/proxies/components/ProxiesPage'),
  'ProxiesPage',
);
const CheckInDeskPage = lazyNamed(
  () => import('./modules/check-in/components/CheckInDeskPage'),
  'CheckInDeskPage',
);
const FloorBallotsPage = lazyNamed(
  () => import('./modules/floor/components/FloorBallotsPage'),
  'FloorBallotsPage',
);
const PaperBallotsPage = lazyNamed(
  () => import('./modules/ballots/components/PaperBallotsPage'),
  'PaperBallotsPage',
);
const WebcastPage = lazyNamed(
  () => import('./modules/webcast/components/WebcastPage'),
  'WebcastPage',
);
const ControlRoomPage = lazyNamed(
  () => import('./modules/live/components/ControlRoomPage'),
  'ControlRoomPage',
);

const TeamPage = lazyNamed(
  () => import('./modules/team/components/TeamPage'),
  'TeamPage',
);
const TwoStepPage = lazyNamed(
  () => import('./modules/auth/components/TwoStepSetup'),
  'TwoStepPage',
);
const AcceptInvitationPage = lazyNamed(
  () => import('./modules/team/components/AcceptInvitationPage'),
  'AcceptInvitationPage',
);

const AuditLogPage = lazyNamed(
  () => import('./modules/verifiability/components/AuditLogPage'),
  'AuditLogPage',
);
const PublishedCountPage = lazyNamed(
  () => import('./modules/verifiability/components/PublishedCountPage'),
  'PublishedCountPage',
);

function NotFound() {
  const { t } = useTranslation();
  return (
    <section className="panel narrow">
      <h2>{t('common.notFound')}</h2>
      <p>
        <a href="/">{t('common.goToConsole')}</a>
      </p>
    </section>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>
        <Route path="/vote/:shortCode" element={<PortalPage />} />
        <Route path="/vote/:shortCode/holder" element={<HolderPage />} />
        <Route path="/screen/:shortCode" element={<ScreenPage />} />
        <Route element={<ConsoleLayout />}>
          <Route path="/signin" element={<SignInPage />} />
          <Route path="/accept-invitation" element={<AcceptInvitationPage />} />
          <Route
            element={
              <RequireSession>
                <Suspense fallback={<Loading />}>
                  <Outlet />
                </Suspense>
              </RequireSession>
            }
          >
            <Route index element={<Navigate to="/accounts" replace />} />
            <Route path="/accounts" element={<AccountPicker />} />
            <Route path="/two-step" element={<TwoStepPage />} />
            <Route path="/accounts/:accountKey" element={<MeetingPicker />} />
            <Route path="/accounts/:accountKey/team" element={<TeamPage />} />
            <Route
              path="/meetings/:shortCode/live"
              element={
                <NotForClerks>
                  <ControlRoomPage />
                </NotForClerks>
              }
            />
            <Route
              path="/meetings/:shortCode/check-in"
              element={<CheckInDeskPage />}
            />
            <Route
              path="/meetings/:shortCode/published/:matterKey"
              element={
                <NotForClerks>
                  <PublishedCountPage />
                </NotForClerks>
              }
            />
            <Route
              path="/meetings/:shortCode/floor"
              element={<FloorBallotsPage />}
            />
            <Route
              path="/meetings/:shortCode"
              element={
                <NotForClerks>
                  <MeetingLayout />
                </NotForClerks>
              }
            >
              <Route index element={<MeetingDetailsPage />} />
              <Route path="members" element={<MembersPage />} />
              <Route path="matters" element={<MattersPage />} />
              <Route path="nominations" element={<NominationsPage />} />
              <Route path="documents" element={<DocumentsPage />} />
              <Route path="proxies" element={<ProxiesPage />} />
              <Route path="audit" element={<AuditLogPage />} />
              <Route path="paper-ballots" element={<PaperBallotsPage />} />
              <Route path="webcast" element={<WebcastPage />} />
            </Route>
          </Route>
          <Route path="*" element={<NotFound />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
