export default {
  showAll: 'Show all',
  close: 'Close',
  cancel: 'Cancel',
  save: 'Save',
  send: 'Send',
  back: 'Back',
}
