// Text read by OCR takes some digits for letters: O for 0, l, I or | for 1. In a run that is
// otherwise digits and separators (a date, a registration number) they are read as digits; words
// are left alone.

export function digitsAsRead(text: string): string {
  return text.replace(/(?<![A-Za-z])[0-9OoIl|][0-9OoIl| /.-]*[0-9OoIl|](?![A-Za-z])/g, (run) => {
    const digits = run.replace(/[^0-9]/g, '').length;
    const letters = run.replace(/[^OoIl|]/g, '').length;
    return digits >= 2 && letters > 0 && letters <= digits / 2
      ? run.replace(/[Oo]/g, '0').replace(/[Il|]/g, '1')
      : run;
  });
}
