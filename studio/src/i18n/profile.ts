// The profile (the Profile page) and change password. The history section has its own
// table (history.ts); "My books" uses the generator pages' words (generator/words.ts).
import { studioCatalogue } from './catalogue.js';

export const PROFILE = studioCatalogue('studio-profile', {
  'profile.title': { en: 'Profile Settings', ms: 'Tetapan Profil' },
  'profile.section': { en: 'Profile', ms: 'Profil' },
  'profile.email': { en: 'Email', ms: 'E-mel' },
  'profile.displayName': { en: 'Display Name', ms: 'Nama Paparan' },
  'profile.bio': { en: 'Bio', ms: 'Bio' },
  'profile.changePassword': { en: 'Change Password', ms: 'Tukar Kata Laluan' },
  'profile.save': { en: 'Save Changes', ms: 'Simpan Perubahan' },
  'profile.saving': { en: 'Saving...', ms: 'Sedang menyimpan...' },
  'profile.updated': { en: 'Profile updated successfully', ms: 'Profil berjaya dikemas kini' },
  'profile.updateFailed': { en: 'Failed to update profile', ms: 'Gagal mengemas kini profil' },
  'profile.signInSlowed': {
    en: 'Someone tried wrong passwords for your account from several addresses, so sign-in was slowed down (last on {date}, {n} attempts held back). If it was not you, change your password.',
    ms: 'Seseorang mencuba kata laluan yang salah untuk akaun anda dari beberapa alamat, jadi log masuk diperlahankan (kali terakhir pada {date}, {n} cubaan ditahan). Jika itu bukan anda, tukar kata laluan anda.',
  },
  'profile.signInSlowedDismiss': { en: 'Dismiss', ms: 'Tutup' },
  'password.title': { en: 'Change Password', ms: 'Tukar Kata Laluan' },
  'password.current': { en: 'Current Password', ms: 'Kata Laluan Semasa' },
  'password.new': { en: 'New Password', ms: 'Kata Laluan Baharu' },
  'password.confirm': { en: 'Confirm New Password', ms: 'Sahkan Kata Laluan Baharu' },
  'password.keepKeys': { en: 'Keep my API keys working (a new password ends them otherwise, and scripts using them stop)', ms: 'Kekalkan kunci API saya (kata laluan baharu menamatkannya jika tidak, dan skrip yang menggunakannya berhenti)' },
  'password.update': { en: 'Update Password', ms: 'Kemas Kini Kata Laluan' },
  'password.updating': { en: 'Updating...', ms: 'Sedang mengemas kini...' },
  'password.enterCurrent': { en: 'Please enter your current password', ms: 'Sila masukkan kata laluan semasa anda' },
  'password.mismatch': { en: 'New passwords do not match', ms: 'Kata laluan baharu tidak sepadan' },
  'password.tooShort': { en: 'Password must be at least 6 characters long', ms: 'Kata laluan mestilah sekurang-kurangnya 6 aksara' },
  'password.updated': { en: 'Password updated successfully', ms: 'Kata laluan berjaya dikemas kini' },
  'password.failed': { en: 'Failed to update password', ms: 'Gagal mengemas kini kata laluan' },
});
