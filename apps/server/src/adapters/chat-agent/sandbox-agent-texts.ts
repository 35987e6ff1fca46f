// What the sandbox agent says, in the three interface languages.
import type { Locale } from '@krapao/contracts/constants';

export type AgentTexts = {
  greetMember: (name: string) => string;
  greetGuest: string;
  howTo: string;
  line: string;
  call: string;
  menuPrompt: string;
  depositProblem: string;
  withdrawProblem: string;
  talkToStaff: string;
  depositSorry: string;
  cardTitle: string;
  cardSubtitle: string;
  cardButton: string;
  guestCardTitle: string;
  guestCardSubtitle: string;
  guestCardButton: string;
  withdrawInfo: string;
  staffSoon: string;
  mediaReceived: string;
  /** Words that mean the customer writes about a deposit, a withdrawal, or wants a person. */
  keywords: { deposit: RegExp; withdraw: RegExp; staff: RegExp };
};

export const AGENT_TEXTS: Record<Locale, AgentTexts> = {
  th: {
    greetMember: (name) => `สวัสดีค่ะ คุณ${name} ยินดีต้อนรับสู่ฝ่ายบริการลูกค้า Krapao มีอะไรให้ช่วยไหมคะ`,
    greetGuest: 'สวัสดีค่ะ ยินดีต้อนรับสู่ฝ่ายบริการลูกค้า Krapao มีอะไรให้ช่วยไหมคะ',
    howTo: 'วิธีใช้งาน',
    line: 'LINE @krapao',
    call: 'โทรหาเรา',
    menuPrompt: 'เลือกหัวข้อที่ต้องการได้เลยค่ะ',
    depositProblem: 'ฝากเงินไม่เข้า',
    withdrawProblem: 'ถอนเงินไม่ได้',
    talkToStaff: 'คุยกับเจ้าหน้าที่',
    depositSorry: 'ขออภัยในความไม่สะดวกค่ะ ลองตรวจสอบรายการล่าสุดของคุณก่อนนะคะ',
    cardTitle: 'รายการล่าสุดของคุณ',
    cardSubtitle: 'ดูสถานะการฝากเงินล่าสุดในหน้ารายการเดินบัญชี หากยอดยังไม่เข้าภายใน 1 นาที แจ้งเจ้าหน้าที่ได้เลยค่ะ',
    cardButton: 'ดูรายการล่าสุด',
    guestCardTitle: 'เข้าสู่ระบบเพื่อดูรายการ',
    guestCardSubtitle: 'กรุณาเข้าสู่ระบบเพื่อดูรายการฝากเงินล่าสุดของคุณ',
    guestCardButton: 'เข้าสู่ระบบ',
    withdrawInfo: 'การถอนเงินจะโอนเข้าบัญชีที่ลงทะเบียนไว้เท่านั้น และถอนไม่ได้ระหว่างติดเงื่อนไขโบนัสค่ะ ตรวจสอบรายการได้ที่นี่',
    staffSoon: 'รับทราบค่ะ เจ้าหน้าที่จะตอบกลับในแชทนี้โดยเร็วที่สุด กรุณารอสักครู่นะคะ',
    mediaReceived: 'ได้รับไฟล์แล้วค่ะ เจ้าหน้าที่จะตรวจสอบให้นะคะ',
    keywords: { deposit: /ฝาก|เติม/, withdraw: /ถอน/, staff: /เจ้าหน้าที่|แอดมิน|พนักงาน/ },
  },
  la: {
    greetMember: (name) => `ສະບາຍດີ ທ່ານ ${name} ຍິນດີຕ້ອນຮັບສູ່ຝ່າຍບໍລິການລູກຄ້າ Krapao ມີຫຍັງໃຫ້ຊ່ວຍບໍ່?`,
    greetGuest: 'ສະບາຍດີ ຍິນດີຕ້ອນຮັບສູ່ຝ່າຍບໍລິການລູກຄ້າ Krapao ມີຫຍັງໃຫ້ຊ່ວຍບໍ່?',
    howTo: 'ວິທີໃຊ້ງານ',
    line: 'LINE @krapao',
    call: 'ໂທຫາພວກເຮົາ',
    menuPrompt: 'ເລືອກຫົວຂໍ້ທີ່ຕ້ອງການໄດ້ເລີຍ',
    depositProblem: 'ຝາກເງິນບໍ່ເຂົ້າ',
    withdrawProblem: 'ຖອນເງິນບໍ່ໄດ້',
    talkToStaff: 'ລົມກັບພະນັກງານ',
    depositSorry: 'ຂໍອະໄພໃນຄວາມບໍ່ສະດວກ ກະລຸນາກວດເບິ່ງລາຍການຫຼ້າສຸດຂອງທ່ານກ່ອນ',
    cardTitle: 'ລາຍການຫຼ້າສຸດຂອງທ່ານ',
    cardSubtitle: 'ເບິ່ງສະຖານະການຝາກເງິນຫຼ້າສຸດໃນໜ້າລາຍການເຄື່ອນໄຫວ ຖ້າຍອດຍັງບໍ່ເຂົ້າພາຍໃນ 1 ນາທີ ແຈ້ງພະນັກງານໄດ້ເລີຍ',
    cardButton: 'ເບິ່ງລາຍການຫຼ້າສຸດ',
    guestCardTitle: 'ເຂົ້າສູ່ລະບົບເພື່ອເບິ່ງລາຍການ',
    guestCardSubtitle: 'ກະລຸນາເຂົ້າສູ່ລະບົບເພື່ອເບິ່ງລາຍການຝາກເງິນຫຼ້າສຸດຂອງທ່ານ',
    guestCardButton: 'ເຂົ້າສູ່ລະບົບ',
    withdrawInfo: 'ການຖອນເງິນຈະໂອນເຂົ້າບັນຊີທີ່ລົງທະບຽນໄວ້ເທົ່ານັ້ນ ແລະ ຖອນບໍ່ໄດ້ໃນລະຫວ່າງເງື່ອນໄຂໂບນັດ ກວດເບິ່ງລາຍການໄດ້ທີ່ນີ້',
    staffSoon: 'ຮັບຊາບແລ້ວ ພະນັກງານຈະຕອບກັບໃນແຊັດນີ້ໄວທີ່ສຸດ ກະລຸນາລໍຖ້າຈັກໜ້ອຍ',
    mediaReceived: 'ໄດ້ຮັບໄຟລ໌ແລ້ວ ພະນັກງານຈະກວດສອບໃຫ້',
    keywords: { deposit: /ຝາກ/, withdraw: /ຖອນ/, staff: /ພະນັກງານ|ແອັດມິນ/ },
  },
  en: {
    greetMember: (name) => `Hello ${name}, welcome to Krapao support. How can we help you?`,
    greetGuest: 'Hello, welcome to Krapao support. How can we help you?',
    howTo: 'How to use',
    line: 'LINE @krapao',
    call: 'Call us',
    menuPrompt: 'Pick a topic below.',
    depositProblem: 'Deposit problem',
    withdrawProblem: 'Withdrawal problem',
    talkToStaff: 'Talk to staff',
    depositSorry: 'Sorry for the trouble. Please check your latest transactions first.',
    cardTitle: 'Your latest transactions',
    cardSubtitle:
      'See the status of your latest deposit in your statement. If it has not arrived within 1 minute, tell our staff.',
    cardButton: 'View latest transactions',
    guestCardTitle: 'Log in to see your transactions',
    guestCardSubtitle: 'Please log in to see your latest deposits.',
    guestCardButton: 'Log in',
    withdrawInfo:
      'Withdrawals go to your registered bank account only, and are not possible while a bonus condition is active. Check your transactions here.',
    staffSoon: 'Got it. A staff member will answer in this chat as soon as possible. Please wait a moment.',
    mediaReceived: 'File received. Our staff will check it for you.',
    keywords: { deposit: /deposit|top.?up/i, withdraw: /withdraw/i, staff: /staff|agent|human|admin/i },
  },
};
