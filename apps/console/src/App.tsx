import { SignInForm } from './modules/auth/components/SignInForm';

export function App() {
  return (
    <>
      <header className="app-header">
        <h1>LiveVote console</h1>
      </header>
      <main className="app-main">
        <SignInForm />
      </main>
    </>
  );
}
