"""A realistic board for screenshots and demos, created through the JSON API."""
from session import BoardSession

DEMO = {
    "today": [("Reply to Anna about the offsite dates", True, ""), ("Review pull request #42", False, "Check the migration and the rollback path."),
              ("Buy milk and coffee beans", False, ""), ("Book the dentist", False, "")],
    "next": [("Draft the quarterly report", True, "Numbers from finance first, then the narrative."), ("Renew passport", False, ""),
             ("Fix the leaking kitchen tap", False, "")],
    "later": [("Plan a weekend in Lisbon", False, "Flights, then a hotel near Alfama."), ("Learn the basics of watercolour", False, ""),
              ("Sort the photo archive", False, "")],
}
FINISHED = ["Book the dentist"]

# The same week as someone in Taiwan would write it (Traditional Chinese).
DEMO_HANT = {
    "today": [("回覆安娜關於外地會議的日期", True, ""), ("審查合併請求 #42", False, "檢查資料庫遷移和回復的做法。"),
              ("買牛奶和咖啡豆", False, ""), ("預約牙醫", False, "")],
    "next": [("起草季度報告", True, "先拿到財務部的數字，再寫說明。"), ("更新護照", False, ""), ("修好廚房漏水的水龍頭", False, "")],
    "later": [("計畫去台南玩一個週末", False, "先訂高鐵票，再找中西區附近的民宿。"), ("學水彩的基本功", False, ""), ("整理照片檔案", False, "")],
}
FINISHED_HANT = ["預約牙醫"]

# And as someone in mainland China would (Simplified Chinese).
DEMO_HANS = {
    "today": [("回复安娜关于团建的日期", True, ""), ("审查合并请求 #42", False, "检查数据库迁移和回滚方案。"),
              ("买牛奶和咖啡豆", False, ""), ("预约牙医", False, "")],
    "next": [("起草季度报告", True, "先拿到财务部的数字，再写说明。"), ("更新护照", False, ""), ("修好厨房漏水的水龙头", False, "")],
    "later": [("计划去杭州过个周末", False, "先订高铁票，再找西湖附近的酒店。"), ("学水彩的基本功", False, ""), ("整理相册", False, "")],
}
FINISHED_HANS = ["预约牙医"]


def post(session, path, fields):
    status, answer = session.post(path, fields)
    if status >= 400:
        raise RuntimeError(f"{path}: {status} {answer}")
    return answer


def seed(server, board=None, finished=None):
    """Creates the demo tasks (English unless another board is given); returns {title: id}."""
    board, finished = (DEMO, FINISHED) if board is None else (board, finished or [])
    session = BoardSession(server.url)
    ids = {}
    for column, tasks in board.items():
        for title, important, notes in tasks:
            task = post(session, "/tasks", {"title": title, "column": column, "important": "true" if important else "false", "notes": notes})
            ids[title] = task["id"]
    for title in finished:
        post(session, f"/tasks/{ids[title]}/finish", {"finished": "true"})
    return ids
